//! Rules tests: positions built on a small map, one or more tests per
//! rule, citing it.

mod fuzz;
mod positions;
mod properties;
mod rules;
mod search;
