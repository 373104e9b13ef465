//! Charset detection on fixtures of every class of real file (issue 17): game records whose
//! only text is a player's name, a rank or an event, written without `CA` in the charsets real
//! files use, clean and "dirty" (a character cut in the middle, as servers that truncate by
//! bytes leave it). Each class has three sets made from different names: `tuning`, to work the
//! detector out on; `held_apart`, written with it but tuned on by no change; and `late`,
//! written only after the detector's list of name characters (`charset/names.rs`) was, so that
//! it judges that list blind.
//!
//! Every fixture of every set must read in its charset. Until the name characters came in,
//! kanji-only EUC-JP and hanja-only EUC-KR were never read right (GBK won), one dirty EUC-KR
//! fixture was read as Greek, and sparse dirty UTF-8 was read as GBK, Shift_JIS or
//! windows-1252 in 17 of its 20 fixtures until `Utf8Evidence` took names each cut short for
//! UTF-8.

use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, GBK, SHIFT_JIS, UTF_8, WINDOWS_1252};

/// Japanese names, ranks and events in kanji alone.
const KANJI: [&[&str]; 3] = [
    &[
        "井山裕太",
        "一力遼",
        "芝野虎丸",
        "山下敬吾",
        "張栩",
        "高尾紳路",
        "河野臨",
        "羽根直樹",
        "村川大介",
        "余正麒",
        "九段",
        "名人戦",
        "本因坊戦",
        "棋聖戦",
    ],
    &[
        "趙治勲",
        "小林光一",
        "武宮正樹",
        "大竹英雄",
        "加藤正夫",
        "石田芳夫",
        "林海峰",
        "坂田栄男",
        "藤沢秀行",
        "呉清源",
        "八段",
        "王座戦",
        "天元戦",
        "碁聖戦",
    ],
    &[
        "結城聡",
        "山田規三生",
        "彦坂直人",
        "依田紀基",
        "羽根泰正",
        "淡路修三",
        "片岡聡",
        "小松英樹",
        "溝上知親",
        "秋山次郎",
        "三段",
        "十段戦",
        "新人王戦",
        "竜星戦",
    ],
];

/// Korean names and events in hanja alone.
const HANJA: [&[&str]; 3] = [
    &[
        "曺薰鉉",
        "李昌鎬",
        "劉昌赫",
        "徐奉洙",
        "朴廷桓",
        "崔精",
        "金志錫",
        "朴永訓",
        "國手戰",
        "名人戰",
    ],
    &[
        "睦鎭碩",
        "元晟溱",
        "姜東潤",
        "崔哲瀚",
        "趙漢乘",
        "安成浚",
        "卞相壹",
        "金明訓",
        "棋聖戰",
        "王位戰",
    ],
    &[
        "李世乭",
        "朴正祥",
        "尹俊相",
        "白洪淅",
        "河燦錫",
        "宋泰坤",
        "洪性志",
        "李映九",
        "崔明勳",
        "韓國棋院",
    ],
];

/// Korean names in hangul.
const HANGUL: [&[&str]; 3] = [
    &[
        "이세돌",
        "박정환",
        "신진서",
        "최정",
        "조훈현",
        "이창호",
        "유창혁",
        "서봉수",
        "김지석",
        "박영훈",
    ],
    &[
        "목진석",
        "원성진",
        "강동윤",
        "최철한",
        "조한승",
        "안성준",
        "변상일",
        "신민준",
        "김명훈",
        "이동훈",
    ],
    &[
        "이영구",
        "윤준상",
        "백홍석",
        "하찬석",
        "송태곤",
        "홍성지",
        "박정상",
        "한태희",
        "김승재",
        "나현",
    ],
];

/// Chinese names in simplified characters.
const SIMPLIFIED: [&[&str]; 3] = [
    &[
        "柯洁",
        "古力",
        "常昊",
        "陈耀烨",
        "时越",
        "芈昱廷",
        "范廷钰",
        "唐韦星",
        "江维杰",
        "党毅飞",
    ],
    &[
        "聂卫平",
        "马晓春",
        "俞斌",
        "周鹤洋",
        "孔杰",
        "朴文尧",
        "檀啸",
        "杨鼎新",
        "辜梓豪",
        "许嘉阳",
    ],
    &[
        "王檄",
        "邱峻",
        "胡耀宇",
        "罗洗河",
        "刘星",
        "谢赫",
        "周睿羊",
        "李钦诚",
        "王星昊",
        "廖元赫",
    ],
];

/// Chinese names in traditional characters.
const TRADITIONAL: [&[&str]; 3] = [
    &[
        "周俊勳",
        "林至涵",
        "王元均",
        "陳詩淵",
        "蕭正浩",
        "林立祥",
        "簡靖庭",
        "賴均輔",
        "許皓鋐",
        "王立誠",
    ],
    &[
        "林海峰",
        "張栩",
        "謝依旻",
        "陳祈睿",
        "黃翊祖",
        "彭景華",
        "周咸亨",
        "蔡明憲",
        "林書陽",
        "名人戰",
    ],
    &[
        "林君諺",
        "陳冠聿",
        "張凱馨",
        "黑嘉嘉",
        "楊子萱",
        "盧映上",
        "徐靖恩",
        "潘善琪",
        "王家齊",
        "應氏盃",
    ],
];

/// Japanese names and events with kana.
const KANA: [&[&str]; 3] = [
    &[
        "ふじさわ里菜",
        "上野愛咲美",
        "藤沢里菜",
        "謝依旻",
        "向井千瑛",
        "ネット碁大会",
        "さくら杯",
        "おかだ結美",
        "鈴木歩",
        "万波奈穂",
    ],
    &[
        "吉原由香里",
        "青木喜久代",
        "小林泉美",
        "知念かおり",
        "梅沢由香里",
        "カナダ杯",
        "ひまわり杯",
        "中野寛也",
        "やまだ規三生",
        "はやし漢傑",
    ],
    &[
        "いしだ篤司",
        "ネット棋聖戦",
        "おおさわ奈留美",
        "テレビ囲碁",
        "こばやし覚",
        "向井こう",
        "みなみ大",
        "アマ本因坊",
        "ジュニア杯",
        "はしもと雄二郎",
    ],
];

/// Latin names with letters beyond ASCII.
const LATIN: [&[&str]; 3] = [
    &[
        "José Núñez",
        "Jürgen Müller",
        "François Lévy",
        "Ærø Søren",
        "Björn Åström",
        "Zoë Brontë",
        "Ramón Peña",
        "Lætitia",
        "Ñandú",
        "Grüße",
    ],
    &[
        "Matías Gómez",
        "Hélène Dupré",
        "Øystein Bø",
        "Göran Öberg",
        "Inés Ibáñez",
        "Renée Faÿ",
        "João Conceição",
        "Dóra Réka",
        "Ælfric",
        "Crème Brûlée",
    ],
    &[
        "Käthe Müller",
        "Pérez Ríos",
        "Sánchez",
        "Gonçalves",
        "Andrés",
        "Köhler",
        "Fredrik Lindén",
        "Ærøskøbing",
        "Jérôme",
        "Noël Citroën",
    ],
];

/// A class of fixture: the charset it is written in and read as, and how it is made.
struct Class {
    name: &'static str,
    encoding: &'static Encoding,
    names: [&'static [&'static str]; 3],
    /// The last byte of every name and of the event is cut off.
    cut: bool,
    /// The names are set in a file of ASCII comments, so that few bytes are not ASCII.
    sparse: bool,
}

const CLASSES: [Class; 10] = [
    class("kanji-only EUC-JP", EUC_JP, KANJI, false, false),
    class("hanja-only EUC-KR", EUC_KR, HANJA, false, false),
    class("dirty EUC-KR", EUC_KR, HANGUL, true, false),
    class("sparse dirty UTF-8", UTF_8, SIMPLIFIED, true, true),
    class("GBK", GBK, SIMPLIFIED, false, false),
    class("Big5", BIG5, TRADITIONAL, false, false),
    class("Shift_JIS", SHIFT_JIS, KANA, false, false),
    class("EUC-KR", EUC_KR, HANGUL, false, false),
    class("UTF-8", UTF_8, SIMPLIFIED, false, false),
    class("windows-1252", WINDOWS_1252, LATIN, false, false),
];

const fn class(
    name: &'static str,
    encoding: &'static Encoding,
    names: [&'static [&'static str]; 3],
    cut: bool,
    sparse: bool,
) -> Class {
    Class {
        name,
        encoding,
        names,
        cut,
        sparse,
    }
}

/// Fixtures per class and set.
const FIXTURES: usize = 10;

/// The `i`th fixture of a set: a game whose black player, white player and event are three
/// of the set's names.
fn fixture(class: &Class, names: &[&str], i: usize) -> Vec<u8> {
    let pick = |k: usize| names[(i + k * 3) % names.len()];
    let encode = |text: &str| {
        let (bytes, _, unmappable) = class.encoding.encode(text);
        assert!(!unmappable, "{text} is not in {}", class.encoding.name());
        bytes.into_owned()
    };
    let written = |k: usize| {
        let mut bytes = encode(pick(k));
        if class.cut {
            bytes.pop();
        }
        bytes
    };
    let mut file = b"(;GM[1]FF[4]SZ[19]".to_vec();
    if class.sparse {
        file.extend_from_slice(b"GN[Fox Weiqi rated game, 19x19, 3 x 30s byo-yomi]");
    }
    for (ident, value) in [("PB", written(0)), ("PW", written(1)), ("EV", written(2))] {
        file.extend_from_slice(ident.as_bytes());
        file.push(b'[');
        file.extend_from_slice(&value);
        file.push(b']');
    }
    file.extend_from_slice(b";B[pd]");
    if class.sparse {
        file.extend_from_slice(b"C[Good opening. The game was played online; see the review.]");
    }
    file.extend_from_slice(b";W[dd])");
    file
}

/// The names of the sets, in the order of `Class::names`.
const SETS: [&str; 3] = ["tuning", "held apart", "late"];

#[test]
fn every_class_of_file_reads_in_its_charset() {
    let mut misread = Vec::new();
    println!("| class | {} | misread as |", SETS.join(" | "));
    println!("| --- | ---: | ---: | ---: | --- |");
    for class in &CLASSES {
        let mut hits = [0; 3];
        let mut misses = std::collections::BTreeSet::new();
        for (set, names) in class.names.iter().enumerate() {
            for i in 0..FIXTURES {
                let file = fixture(class, names, i);
                let read = sgf_core::read(&file, &sgf_core::ReadOptions::default())
                    .expect("a fixture reads");
                let charset = read.charset();
                if charset == class.encoding {
                    hits[set] += 1;
                } else {
                    misses.insert(charset.name());
                    misread.push(format!(
                        "{} {}/{i}: {}",
                        class.name,
                        SETS[set],
                        charset.name()
                    ));
                }
            }
        }
        let hits: Vec<String> = hits.iter().map(|h| format!("{h}/{FIXTURES}")).collect();
        let misses: Vec<_> = misses.into_iter().collect();
        println!(
            "| {} | {} | {} |",
            class.name,
            hits.join(" | "),
            misses.join(", ")
        );
    }
    assert!(misread.is_empty(), "misread: {misread:#?}");
}
