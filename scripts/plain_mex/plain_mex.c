/* The plain O(n^2) mex table of an octal game, the baseline the sparse-space method is
 * measured against (scripts/plain_mex/compare.sh): g(0..=N) by the mex over every
 * option, printed as `gamecheck values` prints it (comma-separated, one line).
 *
 *     cc -O2 -o plain_mex plain_mex.c && ./plain_mex .16 199999
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3 || argv[1][0] != '.') {
        fprintf(stderr, "usage: %s .CODE N\n", argv[0]);
        return 2;
    }
    const char *digits = argv[1] + 1;
    int t = (int)strlen(digits);
    long n_max = atol(argv[2]);
    unsigned *g = malloc((size_t)(n_max + 1) * sizeof *g);
    unsigned char *seen = calloc(1 << 20, 1);
    if (!g || !seen) return 1;
    for (long n = 0; n <= n_max; n++) {
        unsigned top = 0;
        for (int k = 1; k <= t && k <= n; k++) {
            int d = digits[k - 1] - '0';
            long rest = n - k;
            if (rest == 0) {
                if (d & 1) { seen[0] = 1; }
                continue;
            }
            if (d & 2) { seen[g[rest]] = 1; if (g[rest] > top) top = g[rest]; }
            if (d & 4) {
                for (long a = 1; a <= rest / 2; a++) {
                    unsigned v = g[a] ^ g[rest - a];
                    seen[v] = 1;
                    if (v > top) top = v;
                }
            }
        }
        unsigned mex = 0;
        while (seen[mex]) mex++;
        g[n] = mex;
        memset(seen, 0, top + 2);
    }
    for (long n = 0; n <= n_max; n++) printf(n < n_max ? "%u," : "%u\n", g[n]);
    return 0;
}
