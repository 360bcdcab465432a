#!/usr/bin/env bash
# Full 9x9 GMP games between tesuji and GNU Go 3.8, in both roles, joined by
# socat; then the same two games through gmp-relay, a line that drops,
# corrupts and pads packets with garbage. After every game the move lists of
# the two SGF records must be identical.
#
#   interface/scripts/gmp-vs-gnugo.sh [OUTDIR]
#
# Environment: TESUJI, GMP_RELAY (default: the release binaries, built if
# missing), GNUGO (default /usr/games/gnugo), LEVEL (GNU Go level, default
# 10), SEED (relay seed, default 7), NOISY=0 to skip the damaged-line games.
# Exits 0 when every game ended normally with matching records; prints a
# message and exits 0 when GNU Go or socat is missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

OUT=${1:-$(mktemp -d /tmp/gmp-vs-gnugo.XXXXXX)}
mkdir -p "$OUT"
GNUGO=${GNUGO:-/usr/games/gnugo}
LEVEL=${LEVEL:-10}
SEED=${SEED:-7}
NOISY=${NOISY:-1}
TARGET=${CARGO_TARGET_DIR:-target}

if ! command -v "$GNUGO" >/dev/null 2>&1; then
    echo "GNU Go not found ($GNUGO): nothing to do"; exit 0
fi
if ! command -v socat >/dev/null 2>&1; then
    echo "socat not found (apt-get install socat): nothing to do"; exit 0
fi
if [ -z "${TESUJI:-}" ] || [ -z "${GMP_RELAY:-}" ]; then
    cargo build --release -q -p interface --bin tesuji --bin gmp-relay
fi
TESUJI=${TESUJI:-$TARGET/release/tesuji}
GMP_RELAY=${GMP_RELAY:-$TARGET/release/gmp-relay}

# The moves of an SGF file, one per line (B[ee], W[], ...).
moves() { tr -d ' \n\r' < "$1" | grep -o ';[BW]\[[a-s]*\]' | tr -d ';'; }

failed=0
check() { # name tesuji.sgf gnugo.sgf seconds
    local name=$1 a=$2 b=$3 secs=$4 n last2
    n=$(moves "$a" | wc -l)
    last2=$(moves "$a" | tail -2 | tr '\n' ' ')
    if [ "$n" -ge 10 ] && cmp -s <(moves "$a") <(moves "$b") && [ "$last2" = "B[] W[] " -o "$last2" = "W[] B[] " ]; then
        echo "ok   $name: $n moves, identical records, ended by two passes, ${secs}s," \
             "GNU Go says $(grep -o 'RE\[[^]]*\]' "$b" || echo 'no result')"
    else
        echo "FAIL $name: records differ or the game did not end ($a, $b)"
        diff <(moves "$a") <(moves "$b") | head -5 || true
        failed=1
    fi
}

game() { # name tesuji-mode tesuji-colour gnugo-mode gnugo-colour noisy
    local name=$1 tm=$2 tc=$3 gm=$4 gc=$5 noisy=$6
    local a="$OUT/$name-tesuji.sgf" b="$OUT/$name-gnugo.sgf" start end
    local t="$TESUJI --mode $tm --boardsize 9 --color $tc --quiet -o $a"
    local g="$GNUGO --mode $gm --boardsize 9 --color $gc --quiet --level $LEVEL -o $b"
    rm -f "$a" "$b"
    start=$(date +%s)
    if [ "$noisy" = 1 ]; then
        if [ "$tc" = black ]; then
            "$GMP_RELAY" --seed "$SEED" "$t" "$g" 2>> "$OUT/$name.log" || true
        else
            "$GMP_RELAY" --seed "$SEED" "$g" "$t" 2>> "$OUT/$name.log" || true
        fi
        grep 'gmp-relay:' "$OUT/$name.log" | tail -1
    else
        if [ "$tc" = black ]; then
            socat EXEC:"$t" EXEC:"$g" 2>> "$OUT/$name.log" || true
        else
            socat EXEC:"$g" EXEC:"$t" 2>> "$OUT/$name.log" || true
        fi
    fi
    end=$(date +%s)
    check "$name" "$a" "$b" $((end - start))
}

echo "records in $OUT"
game sgmp-black-vs-gnugo-gmp sgmp black gmp white 0
game gmp-white-vs-gnugo-sgmp gmp white sgmp black 0
if [ "$NOISY" = 1 ]; then
    game noisy-sgmp-black-vs-gnugo-gmp sgmp black gmp white 1
    game noisy-gmp-white-vs-gnugo-sgmp gmp white sgmp black 1
fi
exit $failed
