#!/usr/bin/env bash
# The mcp-remote row of docs/mcp.md ("Clients"): mcp-remote 0.15.1 (installed from npm into the
# clients cache) against a real `svc serve` from <project dir> (default: this checkout): OAuth
# sign-in (Chromium plays the person, .ci/clients/sign-in.mjs), then a session through the
# proxy with the stored tokens; the good key and a wrong key in the Authorization header.
# Uses callback ports 3334-3336. Outputs (what mcp-remote printed) in <out dir>.
#   .ci/clients/mcp-remote.sh [project dir] [out dir]
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "${1:-$HERE/../..}" && pwd)
OUT=${2:-$(mktemp -d)}; mkdir -p "$OUT"
SVC_CLIENTS_DIR=${SVC_CLIENTS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/svc-clients}
[ -x "$SVC_CLIENTS_DIR/mcp-remote/node_modules/.bin/mcp-remote" ] ||
  npm install --prefix "$SVC_CLIENTS_DIR/mcp-remote" --no-audit --no-fund mcp-remote@0.15.1 >&2
MR=$SVC_CLIENTS_DIR/mcp-remote/node_modules/.bin
W=$(mktemp -d)
(cd "$SRC" && SVC_DATA_DIR=$W/data SVC_HTTP_PORT=0 SVC_SMTP_PORT=0 SVC_HOST=127.0.0.1 SVC_AUTH_DNS=none SVC_LOG_LEVEL=warn exec node bin/svc.mjs serve >"$W/serve.log" 2>&1) &
SPID=$!
for _ in $(seq 1 120); do grep -q 'listening on' "$W/serve.log" && break; sleep 1; done
MCP_URL="$(sed -n 's/^ *MCP URL: //p' "$W/serve.log")"
BASE="${MCP_URL%%/mcp/*}"; KEY="${MCP_URL##*/mcp/}"
echo "server $BASE"
# 1. OAuth: no key. mcp-remote-client signs in, then lists tools.
export HOME=$W/home MCP_REMOTE_CONFIG_DIR=$W/mcp-auth BROWSER=true; mkdir -p "$HOME"
( timeout 240 "$MR/mcp-remote-client" "$BASE/mcp" 3334 >"$OUT/oauth.out" 2>"$OUT/oauth.err" ) &
CPID=$!
for _ in $(seq 1 120); do grep -qE 'https?://[^ ]*/authorize\?' "$OUT/oauth.err" "$OUT/oauth.out" 2>/dev/null && break; sleep 1; done
AUTH_URL=$(grep -ohE 'https?://[^ ]*/authorize\?[^ ]*' "$OUT/oauth.err" "$OUT/oauth.out" | head -1)
echo "authorize URL: ${AUTH_URL:0:80}…"
[ -n "$AUTH_URL" ] && node "$SRC/.ci/clients/sign-in.mjs" "$AUTH_URL" "$KEY"
wait $CPID; echo "mcp-remote-client exit $?"
# The proxy with the tokens that sign-in stored: a session's initialize and tools/list.
timeout 150 node "$HERE/mcp-remote-drive.mjs" "$MR/mcp-remote" "$BASE/mcp" 3334 >"$OUT/oauth-proxy.out" 2>"$OUT/oauth-proxy.err"
grep RESULT "$OUT/oauth-proxy.out"
# 2. A wrong key in the Authorization header.
timeout 60 node "$HERE/mcp-remote-drive.mjs" "$MR/mcp-remote" "$BASE/mcp" 3335 --header "Authorization: Bearer svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB" >"$OUT/badkey.out" 2>"$OUT/badkey.err"
echo "bad key exit $?"; grep RESULT "$OUT/badkey.out"
# 3. The good key in the header.
timeout 150 node "$HERE/mcp-remote-drive.mjs" "$MR/mcp-remote" "$BASE/mcp" 3336 --header "Authorization: Bearer $KEY" >"$OUT/key.out" 2>"$OUT/key.err"
grep RESULT "$OUT/key.out"
echo "good key exit $?"
kill $SPID
rm -rf "$W"
echo "outputs in $OUT"
