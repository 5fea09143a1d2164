/*
 * The reference for src/cdl/number.test.ts: prints binary values from stdin with C's printf, one per line.
 *
 *   printf-ref f|d|fa|da FORMAT < values
 *
 * f: values are native float32 (passed to printf as C promotes a float, like ncdump); d: float64.
 * fa/da: as f/d, then ncdump's tztrim (ncdump/ncdump.c, copied verbatim), as ncdump prints float and double
 * attribute values (FORMAT `%#.7gf`, `%#.15g`).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ncdump/ncdump.c: remove trailing zeros after the point, but not a trailing point, before any exponent. */
static void
tztrim(char *ss)
{
    char *cp, *ep;

    cp = ss;
    if (*cp == '-')
      cp++;
    while(isdigit((int)*cp) || *cp == '.')
      cp++;
    if (*--cp == '.')
      return;
    ep = cp+1;
    while (*cp == '0')
      cp--;
    cp++;
    if (cp == ep)
      return;
    while (*ep)
      *cp++ = *ep++;
    *cp = '\0';
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: printf-ref f|d|fa|da FORMAT < values\n");
        return 2;
    }
    const char *mode = argv[1];
    const char *fmt = argv[2];
    int isfloat = mode[0] == 'f';
    int trim = mode[1] == 'a';
    static char out[1 << 16];
    char buf[64];
    setvbuf(stdout, out, _IOFBF, sizeof out);
    for (;;) {
        double v;
        if (isfloat) {
            float f;
            if (fread(&f, sizeof f, 1, stdin) != 1) break;
            v = f;
        } else if (fread(&v, sizeof v, 1, stdin) != 1)
            break;
        snprintf(buf, sizeof buf, fmt, v);
        if (trim) tztrim(buf);
        fputs(buf, stdout);
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 ? 0 : 1;
}
