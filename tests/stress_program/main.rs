//! `gamecheck stress` and the program under test as a process, end to end: one test
//! binary (one link, and its tests run side by side) with a module per area:
//!
//! - [`signals`]: Ctrl-C, SIGTERM, SIGHUP and SIGKILL leave nothing running;
//! - [`memory`]: "memory limit exceeded" only on evidence;
//! - [`output`]: the output read exactly as the README promises;
//! - [`languages`]: contestants in C++ and Java, right and wrong, under a memory limit.

#[path = "../common/mod.rs"]
mod common;
mod languages;
mod memory;
mod output;
mod signals;
