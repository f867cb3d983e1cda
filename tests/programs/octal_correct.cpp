// A correct octal-game solution in C++ (docs/rules.md, "Octal"), the same method as
// octal_correct.py: g(n) by the mex recurrence (O(n^2) with splits), and for heaps past
// the table the period of g, found and proved by the periodicity theorem
// (g(n + p) = g(n) for n0 <= n <= 2*n0 + p + t, t the code's length) in tables of
// 64, 128, ... up to 4,096 values. XOR over the heaps, `Alice` when it is non-zero.
//
// Usage: octal_correct CODE [--largest L] < input
// --largest L: a table of exactly L + 1 values and no period; a heap past it is read
// with vector::at and throws std::out_of_range (a solution written for heaps of at most
// L tokens: right below, a crash from L + 1 on).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using namespace std;

static vector<int> table(const vector<int>& d, int64_t size) {
    vector<int> g(size + 1, 0);
    int bound = 1;  // a power of two above every value so far
    for (int64_t n = 1; n <= size; ++n) {
        vector<char> seen(2 * bound + 2, 0);
        for (int64_t k = 1; k <= (int64_t)d.size() && k <= n; ++k) {
            int dk = d[k - 1];
            int64_t rest = n - k;
            if ((dk & 1) && rest == 0) seen[0] = 1;
            if ((dk & 2) && rest > 0) seen[g[rest]] = 1;
            if ((dk & 4) && rest >= 2)
                for (int64_t a = 1; a <= rest / 2; ++a) seen[g[a] ^ g[rest - a]] = 1;
        }
        int v = 0;
        while (seen[v]) ++v;
        g[n] = v;
        while (bound <= v) bound *= 2;
    }
    return g;
}

// The smallest period p (with its smallest pre-period n0) the theorem proves on g.
static bool find_period(const vector<int>& g, int64_t t, int64_t& n0, int64_t& p) {
    int64_t size = g.size();
    for (p = 1; p < size; ++p) {
        if (2 * p + t > size - 1) return false;
        int64_t n = size - 1 - p;
        while (n >= 0 && g[n + p] == g[n]) --n;
        n0 = n + 1;
        if (2 * n0 + 2 * p + t <= size - 1) return true;
    }
    return false;
}

int main(int argc, char** argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: octal_correct CODE [--largest L] < input\n");
        return 2;
    }
    string code = argv[1];
    int64_t largest_table = -1;
    if (argc >= 4 && strcmp(argv[2], "--largest") == 0) largest_table = atoll(argv[3]);
    vector<int> d;
    for (char c : code.substr(code.find('.') + 1)) d.push_back(c - '0');
    while (!d.empty() && d.back() == 0) d.pop_back();
    int64_t t;
    cin >> t;
    vector<vector<int64_t>> cases(t);
    int64_t largest = 0;
    for (auto& c : cases) {
        int64_t h;
        cin >> h;
        c.resize(h);
        for (auto& a : c) {
            cin >> a;
            largest = max(largest, a);
        }
    }
    vector<int> g;
    int64_t n0 = 0, p = 0;
    bool periodic = false;
    if (largest_table >= 0) {
        g = table(d, largest_table);
    } else {
        for (int64_t size = 64;; size *= 2) {
            g = table(d, size - 1);
            if (size > largest) break;
            if ((periodic = find_period(g, d.size(), n0, p))) break;
            if (size >= 4096) {
                g = table(d, largest);
                break;
            }
        }
    }
    string out;
    for (auto& c : cases) {
        int x = 0;
        for (int64_t a : c) {
            if (periodic && a >= (int64_t)g.size()) a = n0 + (a - n0) % p;
            x ^= g.at(a);
        }
        out += x ? "Alice\n" : "Bob\n";
    }
    fputs(out.c_str(), stdout);
}
