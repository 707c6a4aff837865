//! The worked results of `seeds/000_*` reproduced exactly: `align` of
//! Listing 2.3 and the three fragments of Sec. 2.2.2.  (Examples 1–4 are unit
//! tests beside `merge`, `W::eval`, `product` and `seq`.)

use semantics::surface::{lower, parse, LowerOptions};
use semantics::{align, split_pair, Access, NExp, A, C, U, W};

fn lower_src(src: &str) -> W {
    lower(&parse(src).unwrap(), &LowerOptions::default()).unwrap()
}

fn wr_tid() -> U {
    U::acc(Access::wr(NExp::tid()))
}

fn rd_tid_plus(j: &str) -> U {
    U::acc(Access::rd(NExp::add(NExp::tid(), NExp::var(j))))
}

fn loop_i() -> U {
    U::for_("i", NExp::num(0), NExp::var("M"), wr_tid())
}

fn loop_j() -> U {
    U::for_("j", NExp::num(0), NExp::var("M"), rd_tid_plus("j"))
}

const LISTING_2_3_LEFT: &str = "forS r in 0..N {
  forU i in 0..M { wr[tid] }
  sync;
  forU j in 0..M { rd[tid + j] }
}";

#[test]
fn align_of_listing_2_3_is_its_right_hand_side() {
    let (a, u) = align(&lower_src(LISTING_2_3_LEFT));
    // Listing 2.3 (right):
    //   forU i in 0..M { wr[tid] }; sync;
    //   forS r in 1..N { forU j in 0..M { rd[tid + j] }; forU i in 0..M { wr[tid] }; sync }
    //   forU j in 0..M { rd[tid + j] }
    let expected_a = A::for_(
        A::Sync(loop_i()),
        "r",
        NExp::num(1),
        NExp::var("N"),
        A::Sync(U::seq(loop_j(), loop_i())),
    );
    assert_eq!(a.simplify(), expected_a);
    assert_eq!(u.simplify(), loop_j());
    // Before clean-up the terms are exactly Fig. 6's: the unit skips and `0 + 1` are there.
    match &a {
        A::For(_, _, lo, _, _) => assert_eq!(*lo, NExp::add(NExp::num(0), NExp::num(1))),
        other => panic!("expected an aligned loop, got {other:?}"),
    }
}

#[test]
fn split_gives_the_three_fragments_of_section_2_2_2() {
    let closures: Vec<C> = split_pair(&align(&lower_src(LISTING_2_3_LEFT)))
        .iter()
        .map(C::simplify)
        .collect();
    // (1) forU i ∈ 0..M {wr[tid]}
    // (2) forS r ∈ 1..N {forU j ∈ 0..M {rd[tid + j]}; forU i ∈ 0..M {wr[tid]}; sync}
    // (3) forU j ∈ 0..M {rd[tid + j]}
    let expected = vec![
        C::U(loop_i()),
        C::Var(
            "r".into(),
            NExp::num(1),
            NExp::var("N"),
            Box::new(C::U(U::seq(loop_j(), loop_i()))),
        ),
        C::U(loop_j()),
    ];
    assert_eq!(closures, expected);
}
