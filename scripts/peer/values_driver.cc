// A driver for the octal-game solver of tczajka/octal-games (MIT; its old/src), the public
// program gamecheck's sparse-space method is measured against (docs/solvers.md,
// "Measured"): g(0..n-1) of one code by the peer's own compute_nimber(), printed as
// `gamecheck values` prints them (comma-separated, one line). None of the peer's code is
// here: its analyze_exec.cc is included from a checkout, its main() renamed away, and the
// setup of its analyze_game() repeated without the period check. Built by compare.sh:
//
//     g++ -O3 -march=native -std=c++17 -I PEER/old/src -o values values_driver.cc \
//         PEER/old/src/game.cc PEER/old/src/hadamard.cc
//     ./values .16 67108864
#include <cstdio>
#include <string>
#define main peer_analyze_main
#include "analyze_exec.cc"
#undef main

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s .CODE N\n", argv[0]);
    return 2;
  }
  game = Game(argv[1]);
  const uint64_t n = std::stoull(argv[2]);
  // the setup of analyze_game(): the heap-parity bit the splits allow, the first mask
  if ((game.split_moves() & 0xaaaaaaaau) == 0) rare_position_bit = 0;
  else if ((game.split_moves() & 0x55555555u) == 0) rare_position_bit = 1;
  else rare_position_bit = 2;
  nimbers.reserve(n);
  recompute_rare();
  while (nimbers.size() < n) compute_nimber();
  // the text by hand into a buffer, so that printing does not hide the method
  std::vector<char> buf(1 << 20);
  size_t len = 0;
  for (uint64_t i = 0; i < n; ++i) {
    if (len + 16 > buf.size()) {
      std::fwrite(buf.data(), 1, len, stdout);
      len = 0;
    }
    char digits[12];
    int k = 0;
    uint32_t v = nimbers[i];
    do {
      digits[k++] = char('0' + v % 10);
      v /= 10;
    } while (v);
    while (k) buf[len++] = digits[--k];
    buf[len++] = (i + 1 == n) ? '\n' : ',';
  }
  std::fwrite(buf.data(), 1, len, stdout);
  return 0;
}
