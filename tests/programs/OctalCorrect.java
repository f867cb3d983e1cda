// A correct octal-game solution in Java (docs/rules.md, "Octal"), the same method as
// octal_correct.py: g(n) by the mex recurrence (O(n^2) with splits), and for heaps past
// the table the period of g, found and proved by the periodicity theorem
// (g(n + p) = g(n) for n0 <= n <= 2*n0 + p + t, t the code's length) in tables of
// 64, 128, ... up to 4,096 values. XOR over the heaps, `Alice` when it is non-zero.
//
// Usage: java OctalCorrect CODE [--largest L] < input
// --largest L: a table of exactly L + 1 values and no period; a heap past it throws
// ArrayIndexOutOfBoundsException (a solution written for heaps of at most L tokens:
// right below, a crash from L + 1 on).
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StreamTokenizer;

public class OctalCorrect {
    static int[] table(int[] d, int size) {
        int[] g = new int[size + 1];
        int bound = 1;
        for (int n = 1; n <= size; n++) {
            boolean[] seen = new boolean[2 * bound + 2];
            for (int k = 1; k <= d.length && k <= n; k++) {
                int dk = d[k - 1], rest = n - k;
                if ((dk & 1) != 0 && rest == 0) seen[0] = true;
                if ((dk & 2) != 0 && rest > 0) seen[g[rest]] = true;
                if ((dk & 4) != 0 && rest >= 2)
                    for (int a = 1; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = true;
            }
            int v = 0;
            while (seen[v]) v++;
            g[n] = v;
            while (bound <= v) bound *= 2;
        }
        return g;
    }

    /** {n0, p}: the smallest period the theorem proves on g, or null. */
    static long[] findPeriod(int[] g, int t) {
        int size = g.length;
        for (int p = 1; p < size; p++) {
            if (2 * p + t > size - 1) return null;
            int n = size - 1 - p;
            while (n >= 0 && g[n + p] == g[n]) n--;
            int n0 = n + 1;
            if (2 * n0 + 2 * p + t <= size - 1) return new long[] {n0, p};
        }
        return null;
    }

    public static void main(String[] args) throws Exception {
        String code = args[0];
        int largestTable = args.length >= 3 && args[1].equals("--largest") ? Integer.parseInt(args[2]) : -1;
        String digits = code.substring(code.indexOf('.') + 1);
        int len = digits.length();
        while (len > 0 && digits.charAt(len - 1) == '0') len--;
        int[] d = new int[len];
        for (int i = 0; i < len; i++) d[i] = digits.charAt(i) - '0';
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        StringBuilder text = new StringBuilder();
        for (String line; (line = in.readLine()) != null; ) text.append(line).append(' ');
        String[] tok = text.toString().trim().split("\\s+");
        int at = 0;
        int t = Integer.parseInt(tok[at++]);
        long[][] cases = new long[t][];
        long largest = 0;
        for (int c = 0; c < t; c++) {
            int h = Integer.parseInt(tok[at++]);
            cases[c] = new long[h];
            for (int i = 0; i < h; i++) {
                cases[c][i] = Long.parseLong(tok[at++]);
                largest = Math.max(largest, cases[c][i]);
            }
        }
        int[] g = null;
        long[] period = null;
        if (largestTable >= 0) {
            g = table(d, largestTable);
        } else {
            for (int size = 64; ; size *= 2) {
                g = table(d, size - 1);
                if (size > largest) break;
                if ((period = findPeriod(g, d.length)) != null) break;
                if (size >= 4096) {
                    g = table(d, (int) largest);
                    break;
                }
            }
        }
        StringBuilder out = new StringBuilder();
        for (long[] c : cases) {
            int x = 0;
            for (long a : c) {
                if (period != null && a >= g.length) a = period[0] + (a - period[0]) % period[1];
                x ^= g[Math.toIntExact(a)];
            }
            out.append(x != 0 ? "Alice\n" : "Bob\n");
        }
        System.out.print(out);
    }
}
