#!/usr/bin/env bash
# Idle CPU of the game in a real X window (Xvfb): the main menu, an idle level, the level with
# another window focused, and with its window unmapped.
# Needs xvfb, xdotool, x11-utils and imagemagick (apt-get install xvfb xdotool x11-utils imagemagick).
# Usage: tools/idle_cpu.sh [PYTHON] [SECONDS]   (prints % of one core for each state)
set -u
PY=${1:-python3}; SECS=${2:-20}
export DISPLAY=:77
Xvfb :77 -screen 0 1280x800x24 >/dev/null 2>&1 & XV=$!
sleep 1
export SOKOBAN_HOME=$(mktemp -d) SDL_AUDIODRIVER=${AUDIO:-dummy}
$PY -m game >/dev/null 2>&1 & G=$!
sleep 6
# utime + stime of the game's process, in clock ticks (100 a second).
ticks() { awk '{print $14+$15}' /proc/$G/stat; }
measure() {
    local a b
    a=$(ticks); sleep "$SECS"; b=$(ticks)
    echo "$1: $(awk -v d=$((b-a)) -v s="$SECS" 'BEGIN{printf "%.2f%%", d/s}')"
}
measure "main menu"
WID=$(xdotool search --pid $G 2>/dev/null | head -1)
xdotool key --window "$WID" Down Return >/dev/null 2>&1  # Play campaign (a fresh home)
sleep 2
xdotool key --window "$WID" Return >/dev/null 2>&1  # its first level
sleep 3
import -window root /tmp/idle_level.png 2>/dev/null  # to check the level is what was measured
measure "idle level"
# Another window takes the focus.
xmessage -geometry 200x50+0+0 "elsewhere" >/dev/null 2>&1 & XM=$!
sleep 1
xdotool windowfocus "$(xdotool search --pid $XM 2>/dev/null | head -1)" >/dev/null 2>&1
sleep 1
measure "unfocused level"
kill $XM
xdotool windowunmap "$WID" >/dev/null 2>&1
sleep 2
measure "unmapped level"
kill $G; sleep 1; kill $XV
