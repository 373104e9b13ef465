//! Characters common in the names SGF files hold (players, events): short CJK names are
//! often all the text a file has, and a decoding whose characters are names' characters is
//! the right one far more often than a decoding of the same bytes into other characters.

/// Whether `c` is a Han character common in Chinese, Japanese or Korean names (in any of
/// their forms: simplified, traditional, Japanese) or in the names of go events.
pub(super) fn is_name_han(c: char) -> bool {
    in_sorted(NAME_HAN, c)
}

/// Whether `c` is one of the Hangul syllables common in Korean text and names.
pub(super) fn is_common_hangul(c: char) -> bool {
    in_sorted(COMMON_HANGUL, c)
}

/// Whether `c` is in `list`, searched by halves: a list of characters of three bytes each in
/// UTF-8, in the order of their code points, which is the order of their bytes. Every
/// character of every decoding of a file's text is looked up, in the list as written: nothing
/// is built at run time.
fn in_sorted(list: &str, c: char) -> bool {
    let mut key = [0; 4];
    let Ok(key) = <[u8; 3]>::try_from(c.encode_utf8(&mut key).as_bytes()) else {
        return false;
    };
    list.as_bytes()
        .as_chunks::<3>()
        .0
        .binary_search(&key)
        .is_ok()
}

/// About 900 Han characters: the commonest family names of China, Japan and Korea, the
/// characters of given names each country favours, and the words of go titles and ranks,
/// each in every form the charsets of the three countries write it in (`张` and `張`, `沢`
/// and `澤`). The list was written from general knowledge of names, not from any test's
/// names.
const NAME_HAN: &str = "\
一丁七万三上下世丛东严中丸丽久义之乐乔九也乭二于云五井亨京亮人仁仇今介付代仲任伊\
伍会伟伸位佐佑何佘余佟佳侯俊保俞信修倉倪偉健傑储優儲允元先光克党全八六兰关兴具典\
冀内冉军农冠冬冯决冷冼凌凤凯凱刁刘刚初則前剛劉力加助劳勇勝勞勲勳包北匡区區十千升\
华卓单南博卜卞卢卫印卿厉原厲友叢口古台史叶司合吉名向吕吳吴呂周和咲咸哉哲唐商善喆\
喜喬單喻嘉嚴四因囲围国國圍土圣在圭地坂坊坤城基堀塚増壽夏大天太夫奇奈奎奚奥女妍姚\
姜姬娄娜娟婁婷子孔孙孝孟季孫宁宅宇守安宋宏宗官宙宝実宣宫宮宰家容寅寇寛實寧寬寶対\
封對小尙尚尤尹尾局屈屋屠山岑岡岩岳岸峰島峻崎崔嶋川工左巩巫市帅帆师希帥師席常平幸\
広庄庆应庞度座康廉廖廣延廷建弘张弥張強强弼彌彦彩彬彭後徐徳德徹志忠思怡恩恭恵悅悟\
悠悦惠愛愼慎慧慶憲應成战戚戦戰戴戸房手扬承拓振揚敎敏敖教敬文斉斌斎新方施日早旭时\
旼昇昊昌明易星春昭昱時晉晏晓晖晟晨景晴智暉曉曲曹曺曾會月服望朝木未本朱朴权杉李村\
杜来杨杯杰東松林柏查柯柱柳柴栄标栗株根栾桂桃桑桜梁梅棋森植楊楚楠楼榊榮樂樊樋樓標\
横樹橋櫻權欒次欣欧歐正武段殷毅毕毛民水永江池汤汪決沈沙沢河治沼泓波泰泽洁洋洙洛津\
洪流浅浚浜浦浩海涂涛润涵涼淳淺清渡温游湖湯源準溫溶滕滝满滿漢潔潘潤澤濤濱瀚瀧瀬炫\
炯炳烨焦然煥熊熏熙燁燕燦燮片牛牟玄玉王玟玲珉珍珠珪班理琪琳琴瑞甄甘田由申男界畢登\
白皮盃盖盛盧直相眞真睦睿瞿矢知石碁碩磊礼祁祐祖祝神祥福禮禹秀秋秦程稔穂穆積穎窦竇\
立竜章童竹符简管範篠簡米粟紀紅純級結維練繁繆红级纪练维缪罗羅美義翁翔翟翰耀耿聂聖\
聞聡聰聶肖胜胡胥腾臧興舒艳艾芝芦花芳苏苑苗苟英茂范荆草荊荒荣荷莊莫莲菅菊菜華萍萧\
萬葉葛董蒋蒙蒲蒼蓝蓮蔡蔣蕭薛薰藍藤蘆蘇蘭虞衛衡表袁裕裴裵褚西覃解許詳詹誠誼談諸謝\
譚许谈谊谢谭谷豊豐豔負貴費賀賈賢賽负贵费贺贾赛赫赵起超越趙跃路躍車軍軒載輔輝车轩\
辉辛辰農边辺近连迟选連進逸道遠遲選邉邊邓邢邬邱邵邹郁郎郑郝部郭都鄒鄔鄧鄭酒里野金\
鈴鈺鉉銀銘鋒錢錦錫鍊鍾鎔鎬鎭鎮鐘鑫钟钰钱铭锋锦長长閔関閻關闫闵闻阮阳阿际陆陈陳陶\
陸陽隆隋際隼雄雅雨雪雲雷霍霞青靖静靜靳鞏鞠韋韓韦韩項順須顏顧顯项顾颖颜颯飛飞飯饒\
饶香馨馬馮駱騰马骆高魏魯鮑鮮鲁鲍鳳鳴鴻鵬鶴鸣鸿鹏鹤麗麥麦麻黃黄黎齊齋齐龍龐龔龙龚\
﨑";

/// About 500 Hangul syllables that make up most of Korean text and of Korean names (family
/// names, common given-name syllables, go terms): short CJK names are often all a file holds,
/// and these tell a Korean decoding from a Chinese one of the same bytes.
pub(super) const COMMON_HANGUL: &str = "\
가각간갈감갑강개객거건걸검겁게겨격견결겸경계고곡곤골공과곽관광괴교구국군굴궁권귀규균그극근\
글금급기긴길김까깨꼬꽃꾸끝나낙난날남납낭내냉너널넘네녀년념녕노녹논놀농높누눈뉴느는늘능니님\
다단달담답당대댁더덕던데도독돈돌동두둑둔뒤드득든들등디따때또뚜라락란람랑래랜략량러런럼레려\
력련렬렴령례로록론롤료룡루류륙륜률륭르른름릉리린림립마막만말망매맥맹머먹먼메면멸명모목몽묘\
무묵문물미민밀바박반발밤방배백뱅버번벌범법벽변별병보복본봉부북분불붕비빈빌빛사삭산살삼상새\
색생서석선설섬섭성세소속손솔송쇠수숙순술숭슈스슬습승시식신실심십싸쌍써쓰씨아악안알암압앙애\
액야약양어억언얼엄업에엔여역연열염엽영예오옥온올옹와완왕외요욕용우욱운울웅원월위유육윤율융\
은을음읍응의이익인일임입있자작잔장재쟁저적전절점접정제조족존졸종좌죄주죽준줄중즉즐증지직진\
질집징짜째쪽차착찬찰참창채책처척천철첨첩청체초촉촌총최추축춘출충취측층치칙친칠침카칸커컴케\
코콘쿠크큰키타탁탄탈탐탑탕태택터테토통퇴투트특파판팔패팽퍼페편평폐포폭표푸품풍프피필하학한\
할함합항해핵행향허헌험혁현혈협형혜호혹혼홍화확환활황회획효후훈훤휘휴흑흔흘흥희히힘";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lists_hold_only_characters_of_their_script() {
        let han = |c: char| matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}');
        assert!(NAME_HAN.chars().all(han));
        assert!(NAME_HAN.chars().count() > 850);
        assert!(
            COMMON_HANGUL
                .chars()
                .all(|c| matches!(c, '\u{AC00}'..='\u{D7A3}'))
        );
        assert!(COMMON_HANGUL.chars().count() > 450);
    }

    #[test]
    fn the_lists_are_in_order_of_code_points_three_bytes_a_character() {
        for list in [NAME_HAN, COMMON_HANGUL] {
            assert!(list.chars().all(|c| c.len_utf8() == 3));
            let chars: Vec<char> = list.chars().collect();
            assert!(chars.windows(2).all(|w| w[0] < w[1]), "{list}");
        }
    }

    #[test]
    fn lookups_find_every_character_of_the_lists_and_nothing_else() {
        for c in ('\u{0}'..='\u{FFFF}').chain(['\u{20000}', '\u{2A6DF}']) {
            assert_eq!(is_name_han(c), NAME_HAN.contains(c), "{c}");
            assert_eq!(is_common_hangul(c), COMMON_HANGUL.contains(c), "{c}");
        }
    }
}
