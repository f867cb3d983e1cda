//! `count`'s memory bound against the memory its count really takes: every allocation
//! of the process is counted (one test in this file, so no other test allocates beside
//! it), and a count refused by its bound never held more than the bound, nor much less.

use gamecheck::perft::{count_tree_of, Bounds, CountError, Tree};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The system allocator, counting the bytes allocated now and at the most.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn allocated(bytes: usize) {
    let now = NOW.fetch_add(bytes, Relaxed) + bytes;
    PEAK.fetch_max(now, Relaxed);
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        allocated(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        allocated(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // counted as the new block allocated before the old one is freed
        allocated(new_size);
        NOW.fetch_sub(layout.size(), Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Sets of the 40 lowest bits, a bit added a move: C(40, d) positions d moves from the
/// empty set (658,008 at d = 5), each reached by d! lines. `TOLD`: the position is
/// rebuilt from its key and its ply is its bits (disjoint layers, no set of every
/// position seen); else each position is held beside its key, and in that set.
struct Bits<const TOLD: bool>;

impl<const TOLD: bool> Tree for Bits<TOLD> {
    type State = u64;
    type Key = u64;
    fn key(&self, s: &u64) -> u64 {
        *s
    }
    fn children(&self, s: &u64) -> Vec<u64> {
        (0..40)
            .filter(|i| s & 1 << i == 0)
            .map(|i| s | 1 << i)
            .collect()
    }
    fn state(&self, key: &u64) -> Option<u64> {
        TOLD.then_some(*key)
    }
    fn ply(&self, s: &u64) -> Option<u64> {
        TOLD.then_some(u64::from(s.count_ones()))
    }
}

/// The most bytes allocated at once during a count to depth 40 within `memory` bytes,
/// beyond what was allocated before it, and the depth its refusal says fits.
fn peak_of<T: Tree<State = u64>>(tree: &T, memory: u64) -> (u64, u32) {
    let before = NOW.load(Relaxed);
    PEAK.store(before, Relaxed);
    let bounds = Bounds {
        memory,
        ..Bounds::default()
    };
    let e = count_tree_of(tree, 0, Some(40), bounds).unwrap_err();
    let CountError::Memory { fits, .. } = e else {
        panic!("{e}")
    };
    ((PEAK.load(Relaxed) - before) as u64, fits)
}

#[test]
fn a_count_holds_no_more_memory_than_its_bound() {
    // what the count allocates beside its tables: the moves of one position, the rows
    let slack = 4 << 10;
    for memory in [64 << 10, 256 << 10, 1 << 20, 3 << 20, 16 << 20, 40 << 20] {
        let mut fit = Vec::new();
        for (told, (peak, fits)) in [
            (false, peak_of(&Bits::<false>, memory)),
            (true, peak_of(&Bits::<true>, memory)),
        ] {
            assert!(
                peak <= memory + slack,
                "told {told}: {peak} bytes at the most, over the bound of {memory}"
            );
            // refused when the next table would pass it: the bound is not far above
            assert!(
                peak >= memory / 4,
                "told {told}: {peak} bytes at the most, under a quarter of {memory}"
            );
            fit.push(fits);
        }
        // keys alone and no set of every position: the same bound fits at least as deep
        assert!(fit[1] >= fit[0], "{memory}: {fit:?}");
    }
}
