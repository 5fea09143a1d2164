/*
 * The reference for src/cdl/printf.test.ts: prints values from stdin with C's printf and a C_format-like FORMAT,
 * one per line, passing each as ncdump passes a variable's value.
 *
 *   printf-cformat f|d|i|l FORMAT < values
 *
 * f: native float32 (promoted to double); d: float64; i: int64 values passed as int (byte, short, int and their
 * unsigned kinds are promoted to int or passed as unsigned int: the same bits); l: int64 passed as long long.
 */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: printf-cformat f|d|i|l FORMAT < values\n");
        return 2;
    }
    const char mode = argv[1][0];
    const char *fmt = argv[2];
    static char out[1 << 16];
    static char buf[1 << 12];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    for (;;) {
        if (mode == 'f') {
            float f;
            if (fread(&f, sizeof f, 1, stdin) != 1) break;
            snprintf(buf, sizeof buf, fmt, (double)f);
        } else if (mode == 'd') {
            double v;
            if (fread(&v, sizeof v, 1, stdin) != 1) break;
            snprintf(buf, sizeof buf, fmt, v);
        } else {
            long long v;
            if (fread(&v, sizeof v, 1, stdin) != 1) break;
            if (mode == 'i') snprintf(buf, sizeof buf, fmt, (int)v);
            else snprintf(buf, sizeof buf, fmt, v);
        }
        fputs(buf, stdout);
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
