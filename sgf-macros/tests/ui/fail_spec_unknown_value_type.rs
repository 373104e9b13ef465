mod app {
    sgf_macros::spec!(
        text = "Analysis properties

Property:\tXV (visits)
Propvalue:\tlist of pointz
Propertytype:\t-

Property:\tXW (winrate)
Propvalue:\tpercentage
Propertytype:\tmove
"
    );
}

fn main() {}
