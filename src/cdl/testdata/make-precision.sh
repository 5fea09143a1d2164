#!/usr/bin/env bash
# Regenerate precision/: precision.nc (classic) and precision4.nc (netCDF-4, a compound type) written by netcdf-c
# main's ncgen from the CDLs beside them, and ncdump main's outputs with each `-p` of FLAGS as <name>.<flags>.cdl.
# The values hold exact decimal ties (286.28125, 6730116.5, 682397897614206.5) that ncdump rounds half to even.
# Needs netcdf-c main built by scripts/fixtures/build-netcdf-main.sh (~/.cache/zarrview/netcdf-c-main).
set -euo pipefail
HERE="$(cd "$(dirname "$0")/precision" && pwd)"
export LC_ALL=C.UTF-8 TZ=UTC
CMAIN="${NETCDF_MAIN_CACHE:-$HOME/.cache/zarrview/netcdf-c-main}"
BIN="$CMAIN/install/bin"
export LD_LIBRARY_PATH="$CMAIN/install/lib" HDF5_PLUGIN_PATH="$CMAIN/build/plugins"
FLAGS=(default 3 3,5 9,17 1,1 20,20 ,17 12)
cd "$HERE"
rm -f ./*.nc ./*.p*.cdl
"$BIN/ncgen" -k nc3 -o precision.nc precision.cdl
"$BIN/ncgen" -k nc4 -o precision4.nc precision4.cdl
for name in precision precision4; do
  for p in "${FLAGS[@]}"; do
    if [ "$p" = default ]; then "$BIN/ncdump" "$name.nc" > "$name.p-default.cdl"
    else "$BIN/ncdump" -p "$p" "$name.nc" > "$name.p$p.cdl"; fi
  done
done
echo "# netcdf-c main $(cat "$CMAIN/COMMIT" 2>/dev/null || echo unknown): ncgen, ncdump -p ${FLAGS[*]}" > index.txt
