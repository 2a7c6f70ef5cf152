#!/usr/bin/env bash
# Runs inside `unshare -n` (loopback only: no traffic can leave the machine):
#   CIMD=0|1 unshare -n bash sessions.sh <project dir> <out dir>
# The keys go in an `Authorization: Bearer` header (claude -H, gemini -H,
# codex bearer_token_env_var), and each client also runs one real session against a fake model
# endpoint on 127.0.0.1 (fake-model.mjs) so that it connects to the MCP server the way it does in
# use: the client's own error output / debug log then shows what it reports for the server, and
# the fake model's request body shows which svc tools the client offered its model (Gemini
# offers a server's tools in a -p session only when it is added with --trust).
source "$(dirname "$0")/start.sh" "$@"
export DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_ERROR_REPORTING=1
export GEMINI_TELEMETRY_ENABLED=false NO_BROWSER=1 BROWSER=/bin/true
MP=$(cat $D/mport)
echo "$BASE" > "$OUT/base"; echo "$KEY" > "$OUT/key"
git -C "$SRC" log -1 --format='%h %s' > "$OUT/commit" 2>/dev/null
for b in claude codex gemini; do echo "$b $($C/$b --version 2>&1 | tail -1)"; done > "$OUT/versions"
BAD=svc_AAAAAAAAAAAA_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB
FAKEMODEL="http://127.0.0.1:$MP"

# run_signing <out> <secs> cmd...: runs cmd; if it prints an /authorize URL, plays the person.
run_signing() {
  local out=$1 secs=$2; shift 2
  (timeout "$secs" "$@" > "$out" 2>&1; echo "exit $?" >> "$out") &
  local pid=$!
  for i in $(seq 60); do grep -qE 'http[^ ]*authorize\?|^exit' "$out" && break; sleep 1; done
  local auth; auth=$(grep -oE 'http[^ ]*authorize\?[^ ]*' "$out" | head -1)
  [ -n "$auth" ] && node $HERE/sign-in.mjs "$auth" "$KEY" > "$out.signin" 2>&1
  wait $pid
}
# models <tag>: keep the fake model's requests of this step, and count the svc tools offered.
models() {
  local n=0
  for f in $D/model.*.txt; do [ -e "$f" ] || continue; n=$((n+1)); mv "$f" "$OUT/$1-model-$n.txt"; done
  echo "model requests: $n; svc tools offered: $(node $HERE/count-tools.mjs "$OUT"/$1-model-*.txt 2>/dev/null)" > "$OUT/$1-model.summary"
}

for kind in oauth good bad; do
  case $kind in oauth) K="";; good) K=$KEY;; bad) K=$BAD;; esac
  H=$(mktemp -d); export HOME=$H; mkdir -p $H/.gemini $H/.codex; cd $H
  echo '{"telemetry":{"enabled":false},"privacy":{"usageStatisticsEnabled":false},"general":{"disableAutoUpdate":true},"security":{"folderTrust":{"enabled":false},"auth":{"selectedType":"gemini-api-key"}}}' > $H/.gemini/settings.json
  printf 'check_for_update_on_startup = false\n' > $H/.codex/config.toml
  HDR=(); [ -n "$K" ] && HDR=(-H "Authorization: Bearer $K")

  # Claude Code
  $C/claude mcp add --transport http svc "$BASE/mcp" -s user "${HDR[@]}" > "$OUT/claude-$kind-add.txt" 2>&1
  timeout 90 $C/claude mcp list > "$OUT/claude-$kind-list.txt" 2>&1
  timeout 90 $C/claude mcp get svc > "$OUT/claude-$kind-get.txt" 2>&1
  ANTHROPIC_BASE_URL=$FAKEMODEL ANTHROPIC_API_KEY=fake timeout 120 $C/claude --debug -p "hi" > "$OUT/claude-$kind-session.txt" 2>&1
  echo "exit $?" >> "$OUT/claude-$kind-session.txt"
  grep -h 'MCP server "svc"' $H/.claude/debug/*.txt > "$OUT/claude-$kind-debuglog.txt" 2>/dev/null
  models claude-$kind

  # Codex: `mcp add` starts its OAuth login itself when the server asks for one.
  CX=(); [ -n "$K" ] && CX=(--bearer-token-env-var SVC_TOKEN)
  export SVC_TOKEN="$K"
  run_signing "$OUT/codex-$kind-add.txt" 120 $C/codex mcp add svc --url "$BASE/mcp" "${CX[@]}"
  timeout 90 $C/codex mcp list > "$OUT/codex-$kind-list.txt" 2>&1
  timeout 120 $C/codex exec --skip-git-repo-check -c model_provider=fake \
    -c "model_providers.fake={name=\"fake\",base_url=\"$FAKEMODEL/v1\",wire_api=\"responses\",request_max_retries=0,stream_max_retries=0}" \
    -c model=fake "hi" < /dev/null > "$OUT/codex-$kind-session.txt" 2>&1
  echo "exit $?" >> "$OUT/codex-$kind-session.txt"
  models codex-$kind

  # Gemini CLI
  $C/gemini mcp add -s user --transport http --trust "${HDR[@]}" svc "$BASE/mcp" > "$OUT/gemini-$kind-add.txt" 2>&1
  timeout 90 $C/gemini mcp list > "$OUT/gemini-$kind-list.txt" 2>&1
  GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL=$FAKEMODEL run_signing "$OUT/gemini-$kind-session.txt" 120 $C/gemini --debug -p "hi"
  models gemini-$kind
  cd /; rm -rf $H
done
kill "$SERVER" $FAKE 2>/dev/null; wait "$SERVER" 2>/dev/null
cp $D/log "$OUT/server.log"
