//! Unit tests of the scoped semantics, each on a protocol whose verdict is
//! argued in its comment (`proofs-notes/scoped-barriers.md`).

use super::race::{divergences, scoped_safe, verdict, Verdict};
use super::*;
use crate::history::safe;
use crate::surface::{parse, LowerOptions, StmtKind};

fn lower_src(src: &str) -> SW {
    lower::lower(&parse(src).unwrap(), &LowerOptions::default()).unwrap()
}

fn layout(count: u64, block: u64) -> Layout {
    Layout::new(Threads::new(count), block).unwrap()
}

fn run(src: &str, count: u64, block: u64) -> Verdict {
    verdict(&lower_src(src).eval(&layout(count, block)).unwrap())
}

#[test]
fn sync_is_the_block_barrier_of_definition_2() {
    // Listing 2.2's shape with a barrier: every thread writes its cell, then
    // reads its neighbour's.  One block: `sync` orders the two phases.
    for src in [
        "wr[tid]; sync; rd[(tid + 1) % 4]",
        "wr[tid]; rd[(tid + 1) % 4]",
    ] {
        let p = parse(src).unwrap();
        let w = crate::surface::lower(&p, &LowerOptions::default()).unwrap();
        let mut threads = Threads::new(4);
        let h = w.eval(&threads).unwrap();
        threads.locals.clear();
        let sh = SW::from(&w).eval(&Layout::one_block(threads)).unwrap();
        assert_eq!(safe(&h), scoped_safe(&sh), "{src}");
        assert!(divergences(&sh).is_empty());
    }
}

#[test]
fn a_tile_barrier_orders_its_tile_only() {
    // 8 threads, tiles of 4: reading the next lane of one's own tile after
    // `sync(tile 4)` is ordered (the writer is in the tile); reading the
    // next thread of the block crosses from tile 0 to tile 1 at thread 3,
    // which no barrier of scope block or wider orders: racy.
    let own = "wr[tid]; sync(tile 4); rd[tid / 4 * 4 + (tid + 1) % 4]";
    assert_eq!(run(own, 8, 8), Verdict::Drf);
    let next = "wr[tid]; sync(tile 4); rd[(tid + 1) % 8]";
    assert!(matches!(run(next, 8, 8), Verdict::Racy(_)));
    // A block barrier orders both.
    assert_eq!(
        run("wr[tid]; sync(tile 4); sync; rd[(tid + 1) % 8]", 8, 8),
        Verdict::Drf
    );
}

#[test]
fn a_block_barrier_does_not_order_two_blocks_and_a_grid_barrier_does() {
    // Two blocks of 2: thread 1 reads cell 2, written by thread 2 of the
    // other block.
    let src = |b: &str| format!("wr[tid]; {b}; rd[(tid + 1) % 4]");
    assert!(matches!(run(&src("sync"), 4, 2), Verdict::Racy(_)));
    assert_eq!(run(&src("sync(grid)"), 4, 2), Verdict::Drf);
    assert_eq!(run(&src("sync"), 4, 4), Verdict::Drf);
}

#[test]
fn a_tile_barrier_reached_by_part_of_its_tile_diverges() {
    // Threads 0 and 1 reach the barrier of the tile {0..3}; 2 and 3 do not.
    let half = "if tid < 2 { sync(tile 4) }";
    assert!(matches!(run(half, 4, 4), Verdict::Divergent(_)));
    // The whole of tile 0 reaches it and none of tile 1: no divergence,
    // tile barriers are per tile.
    assert_eq!(run("if tid < 4 { sync(tile 4) }", 8, 8), Verdict::Drf);
    // A divergent barrier orders nothing: the write and the read race.
    let racy = "wr[tid]; if tid < 2 { sync(tile 4) }; rd[(tid + 1) % 2]";
    assert!(matches!(run(racy, 4, 4), Verdict::Racy(_)));
}

#[test]
fn a_mask_orders_the_threads_it_names() {
    // Mask 3 names lanes 0 and 1 of the warp (here a tile of 4 of a block
    // of 4 would cut the warp: use tiles of 4 with mask 3).  Threads 0 and 1
    // exchange cells: ordered.  The mask does not name lanes 2 and 3, who
    // do not arrive: they are not ordered, and no one names them, so no
    // divergence.
    let pair = "wr[tid]; if tid % 4 < 2 { sync(tile 4, 3) }; if tid % 4 < 2 { rd[tid / 2 * 2 + (tid + 1) % 2] }";
    assert_eq!(run(pair, 4, 4), Verdict::Drf);
    // A mask naming lane 2, which does not arrive: divergence, no order.
    let missing =
        "wr[tid]; if tid % 4 < 2 { sync(tile 4, 7) }; if tid % 4 < 2 { rd[(tid + 1) % 2] }";
    assert!(matches!(run(missing, 4, 4), Verdict::Racy(_)));
    let h = lower_src(missing).eval(&layout(4, 4)).unwrap();
    assert_eq!(divergences(&h).len(), 2);
    // A mask with a bit past the tile names a lane that does not exist.
    assert!(matches!(
        run("sync(tile 2, 4)", 2, 2),
        Verdict::Divergent(_)
    ));
}

#[test]
fn a_tile_cut_by_the_end_of_its_block_is_never_synchronized() {
    // Blocks of 6 threads, tiles of 4: the tile {4, 5, (6), (7)} lacks two
    // lanes; its barrier orders nothing and diverges.  Tile {0..3} is whole.
    let h = lower_src("sync(tile 4)").eval(&layout(6, 6)).unwrap();
    let d: Vec<u64> = divergences(&h).iter().map(|d| d.thread).collect();
    assert_eq!(d, vec![4, 5]);
    // The warp of a block of 4 threads lacks 28 lanes.
    assert!(matches!(run("sync(warp)", 4, 4), Verdict::Divergent(_)));
}

#[test]
fn groups_of_synchronized_threads_need_the_same_mask() {
    // Thread 0 names {0, 1}, thread 1 names {0, 1, 2, 3}: they disagree.
    let h = lower_src("sync(tile 4, 3 + tid % 4 * 12)")
        .eval(&layout(4, 4))
        .unwrap();
    assert_eq!(race::groups(&h.barriers[0]).len(), 0);
    let h = lower_src("sync(tile 4, 15)").eval(&layout(4, 4)).unwrap();
    assert_eq!(race::groups(&h.barriers[0]).len(), 4);
}

#[test]
fn barriers_in_loops_take_the_loop_variable() {
    // A barrier whose arrival depends on the loop variable: in round 0
    // both threads of the tile {0, 1} arrive, in round 1 neither does.
    let src = "for r in 0..2 { wr[tid + r]; if r == 0 { sync(tile 2) } else { skip } }";
    let p = lower_src(src);
    let h = p.eval(&layout(2, 2)).unwrap();
    assert_eq!(h.barriers.len(), 2, "{p}");
    assert!(h.barriers[0].arrivals.len() == 2 && h.barriers[1].arrivals.is_empty());
    // wr[1] by thread 1 in round 0 and by thread 0 in round 1: the round-0
    // barrier sits between them and orders the tile {0, 1}: DRF.
    assert_eq!(verdict(&h), Verdict::Drf);
}

#[test]
fn erasure_keeps_the_barriers_asked_for() {
    let p = lower_src("wr[tid]; sync(tile 2); rd[tid + 1]; sync(grid); wr[0]");
    let kept = erase::erase_below(&p, Scope::Block);
    assert_eq!(
        kept.to_string(),
        "wr[tid];\nrd[tid + 1];\nsync;\nwr[0];\nsync"
    );
    let all = erase::erase_below(&p, Scope::Tile(1));
    assert_eq!(
        all.to_string(),
        "wr[tid];\nsync;\nrd[tid + 1];\nsync;\nwr[0];\nsync"
    );
}

#[test]
fn the_proto_syntax_round_trips_and_rejects_bad_scopes() {
    let src = "sync(warp);\nsync(tile 8);\nsync(grid);\nsync(tile 4, tid % 2 + 1);\nsync";
    let p = parse(src).unwrap();
    assert_eq!(p.to_string().trim_end(), src);
    // `sync(block)` is `sync`.
    assert_eq!(parse("sync(block)").unwrap().body[0].kind, StmtKind::Sync);
    for (bad, why) in [
        ("sync(tile 3)", "power of two"),
        ("sync(tile 64)", "power of two"),
        ("sync(block, 1)", "mask names lanes"),
        ("sync(thread)", "expected a scope"),
        ("sync(warp", "`)`"),
    ] {
        let e = parse(bad).unwrap_err();
        assert!(e.message.contains(why), "{bad}: {}", e.message);
    }
    // `warp` and `block` stay usable as variable names.
    assert!(parse("wr[warp + block]").is_ok());
    // Lowering to `W` refuses a scoped barrier at its place.
    let e = crate::surface::lower(
        &parse("wr[0];\nsync(warp)").unwrap(),
        &LowerOptions::default(),
    );
    assert_eq!(e.unwrap_err().span.line, 2);
}
