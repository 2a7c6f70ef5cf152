#!/usr/bin/env bash
# Runs inside `unshare -n`:  CIMD=0|1 unshare -n bash claude-oauth.sh <project dir> <out dir>
# Claude Code's own OAuth, carried to the end. With no key, `claude mcp list` only says
# "! Needs authentication": the sign-in is its interactive `/mcp` menu (pick the server,
# "Authenticate"), so the TUI runs in a pseudo-terminal (tmux on a private socket, so that its
# server is started here, inside the network namespace) and this script presses the keys,
# waiting each time for the text the next key answers. Claude Code hands the /authorize URL to
# $BROWSER (fakebin/xdg-open keeps it) and listens on localhost for the callback; sign-in.mjs
# plays the person. Then `mcp list`, and a -p session against the fake model shows the tools.
source "$(dirname "$0")/start.sh" "$@"
export DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_ERROR_REPORTING=1
export ANTHROPIC_BASE_URL="http://127.0.0.1:$(cat $D/mport)" ANTHROPIC_API_KEY=fake
export BROWSER=$HERE/fakebin/xdg-open FAKE_BROWSER_URLS=$D/urls
H=$(mktemp -d); export HOME=$H; mkdir -p $H/work; cd $H/work
P="$OUT/claude-oauthflow"
$C/claude mcp add --transport http svc "$BASE/mcp" -s user > "$P-add.txt" 2>&1
timeout 90 $C/claude mcp list > "$P-list-before.txt" 2>&1
# The first interactive start runs the onboarding, which checks that api.anthropic.com answers
# and stops at "Unable to connect to Anthropic services" offline; a user who has used Claude
# Code before has these answered (onboarding done, the API key accepted, this folder trusted).
node -e 'const [f, dir] = process.argv.slice(1), fs = require("fs"), s = JSON.parse(fs.readFileSync(f));
Object.assign(s, { hasCompletedOnboarding: true, lastOnboardingVersion: "2.1.197",
  customApiKeyResponses: { approved: ["fake"], rejected: [] },
  projects: { [dir]: { hasTrustDialogAccepted: true, allowedTools: [] } } });
fs.writeFileSync(f, JSON.stringify(s, null, 2))' $H/.claude.json $H/work

TUI="$P-tui.txt"; : > "$TUI"
echo 'set -g remain-on-exit on' > $D/tmux.conf
T=(tmux -S $D/tmux.sock -f $D/tmux.conf)
# screen <label>: append what the terminal shows now to the TUI record.
screen() { { echo "=== $1"; "${T[@]}" capture-pane -p -J -t cc | grep -v '^ *$'; } >> "$TUI"; }
# wait_for <text> <secs>: until the terminal shows the text (a fixed string); 1 if it never does.
wait_for() {
  for i in $(seq "$2"); do
    "${T[@]}" capture-pane -p -J -t cc 2>/dev/null | grep -qF -- "$1" && return 0
    sleep 1
  done
  screen "never showed: $1"; return 1
}
"${T[@]}" new-session -d -s cc -x 200 -y 60 -c $H/work "$C/claude --debug"
step() { wait_for "$1" "$2" && screen "$1"; }
if step 'for shortcuts' 120; then
  # Each key waits for the screen that takes it: typed early, Ink drops it.
  "${T[@]}" send-keys -t cc -l '/mcp'
  step 'Manage MCP servers' 30 && "${T[@]}" send-keys -t cc Enter     # the completion of /mcp
  step 'Enter to confirm' 60 && "${T[@]}" send-keys -t cc Enter       # the list: its one server, svc
  step 'Esc to back' 60 && "${T[@]}" send-keys -t cc Enter            # svc's menu: 1. Authenticate
  for i in $(seq 60); do [ -s $D/urls ] && break; sleep 1; done
  screen 'after Authenticate'
  AUTH=$(head -1 $D/urls 2>/dev/null); echo "$AUTH" > "$P-browser-url.txt"
  if [ -n "$AUTH" ]; then
    # When the page refuses the client (sign-in.mjs prints why), nothing reaches the callback
    # and Claude Code keeps waiting; otherwise it reports the sign-in on the /mcp screen.
    node $HERE/sign-in.mjs "$AUTH" "$KEY" > "$P.signin" 2>&1 && step 'Authentication successful' 60
    screen 'after sign-in'
  fi
fi
"${T[@]}" kill-server
grep -h 'MCP server "svc"' $H/.claude/debug/*.txt > "$P-debuglog.txt" 2>/dev/null
rm -f $D/model.*.txt   # the TUI's own start-up requests: only the -p session's are counted
timeout 90 $C/claude mcp list > "$P-list.txt" 2>&1
timeout 120 $C/claude --debug -p "hi" > "$P-session.txt" 2>&1; echo "exit $?" >> "$P-session.txt"
n=0; for f in $D/model.*.txt; do [ -e "$f" ] || continue; n=$((n+1)); mv "$f" "$OUT/claude-oauthflow-model-$n.txt"; done
echo "model requests: $n; svc tools offered: $(node $HERE/count-tools.mjs "$OUT"/claude-oauthflow-model-*.txt 2>/dev/null)" > "$P-model.summary"
ls -a $H/.claude > "$P-files.txt"
cd /; rm -rf $H
kill "$SERVER" $FAKE 2>/dev/null; wait "$SERVER" 2>/dev/null
