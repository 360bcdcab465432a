#!/bin/sh
# A tiny GTP engine for the runner's resilience tests: it remembers the
# stones played, dies on `crash_now` and hangs on `hang_now`.
stones=""
while IFS= read -r line; do
  set -f
  set -- $line
  set +f
  id=""
  case "$1" in [0-9]*) id=$1; shift ;; esac
  case "$1" in
    play) stones="${stones:+$stones }$3"; printf '=%s \n\n' "$id" ;;
    list_stones) printf '=%s %s\n\n' "$id" "$stones" ;;
    clear_board) stones=""; printf '=%s \n\n' "$id" ;;
    crash_now) echo "fake engine: crashing on purpose" >&2; exit 3 ;;
    hang_now) sleep 60 ;;
    quit) printf '=%s \n\n' "$id"; exit 0 ;;
    *) printf '?%s unknown command\n\n' "$id" ;;
  esac
done
