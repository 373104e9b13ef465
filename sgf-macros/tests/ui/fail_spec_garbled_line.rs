mod app {
    sgf_macros::spec!(
        text = "Analysis properties

Property:\tXV (visits)
Propvalue:\tlist of point
this line is none of the known keys
Propertytype:\t-
"
    );
}

fn main() {}
