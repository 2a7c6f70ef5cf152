#!/usr/bin/env bash
# Runs inside `unshare -n`:  CIMD=0|1 unshare -n bash gemini-oauth.sh <project dir> <out dir>
# Gemini CLI's own OAuth, carried to the end: `oauth.enabled` on the server's settings, a -p
# session that asks "Do you want to continue? [Y/n]" on stdin (answered through a FIFO once
# it is asked), prints the /authorize URL (NO_BROWSER), and waits on its localhost callback;
# Gemini prints that URL only through its buffered log, so a stand-in `xdg-open` (fakebin/) keeps
# it, and sign-in.mjs plays the person.
source "$(dirname "$0")/start.sh" "$@"
export GEMINI_TELEMETRY_ENABLED=false PATH=$HERE/fakebin:$PATH
export GEMINI_API_KEY=fake GOOGLE_GEMINI_BASE_URL="http://127.0.0.1:$(cat $D/mport)"
H=$(mktemp -d); export HOME=$H; mkdir -p $H/.gemini; cd $H
echo '{"telemetry":{"enabled":false},"privacy":{"usageStatisticsEnabled":false},"general":{"disableAutoUpdate":true},"security":{"folderTrust":{"enabled":false},"auth":{"selectedType":"gemini-api-key"}}}' > $H/.gemini/settings.json
$C/gemini mcp add -s user --transport http --trust svc "$BASE/mcp" > /dev/null 2>&1
node -e 'const f=process.argv[1],s=JSON.parse(require("fs").readFileSync(f));s.mcpServers.svc.oauth={enabled:true};require("fs").writeFileSync(f,JSON.stringify(s,null,2))' $H/.gemini/settings.json
S1="$OUT/gemini-oauthflow-session.txt"
mkfifo $D/in; export FAKE_BROWSER_URLS=$D/urls
(timeout 180 $C/gemini --debug -p "hi" < $D/in > "$S1" 2>&1; echo "exit $?" >> "$S1") &
G=$!
exec 3>$D/in
for i in $(seq 120); do grep -qE '\[Y/n\]|^exit' "$S1" && break; sleep 1; done
grep -q '\[Y/n\]' "$S1" && echo y >&3
for i in $(seq 60); do [ -s $D/urls ] && break; grep -q '^exit' "$S1" && break; sleep 1; done
AUTH=$(head -1 $D/urls 2>/dev/null); echo "$AUTH" > "$OUT/gemini-oauthflow-browser-url.txt"
[ -n "$AUTH" ] && node $HERE/sign-in.mjs "$AUTH" "$KEY" > "$S1.signin" 2>&1
wait $G; exec 3>&-
n=0; for f in $D/model.*.txt; do [ -e "$f" ] || continue; n=$((n+1)); mv "$f" "$OUT/gemini-oauthflow-model-$n.txt"; done
echo "model requests: $n; svc tools offered: $(node $HERE/count-tools.mjs "$OUT"/gemini-oauthflow-model-*.txt 2>/dev/null)" > "$OUT/gemini-oauthflow-model.summary"
timeout 90 $C/gemini mcp list > "$OUT/gemini-oauthflow-list.txt" 2>&1
ls -a $H/.gemini > "$OUT/gemini-oauthflow-files.txt"
cd /; rm -rf $H
kill "$SERVER" $FAKE 2>/dev/null; wait "$SERVER" 2>/dev/null
