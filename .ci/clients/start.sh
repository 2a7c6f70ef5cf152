# Sourced by the client checks (sessions.sh, gemini-oauth.sh, claude-oauth.sh) inside
# `unshare -n`, with <project dir> <out dir> as "$@": brings up loopback, starts `svc serve`
# from the project on a free port (SVC_OAUTH_METADATA_DOCUMENTS=$CIMD) and the fake model
# endpoint, and waits for both. Sets SRC OUT HERE C D SERVER FAKE BASE KEY.
set -u
ip link set lo up
SRC="$1"; OUT="$2"; mkdir -p "$OUT"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
C=${SVC_CLIENTS_DIR:?the folder run installed the clients in}/node_modules/.bin
D=$(mktemp -d)
(cd "$SRC" && SVC_DATA_DIR=$D SVC_HTTP_PORT=0 SVC_SMTP_PORT=0 SVC_HOST=127.0.0.1 SVC_AUTH_DNS=none SVC_LOG_LEVEL=warn SVC_OAUTH_METADATA_DOCUMENTS=${CIMD:-1} MALLOC_ARENA_MAX=2 exec node bin/svc.mjs serve > $D/log 2>&1) &
SERVER=$!
node $HERE/fake-model.mjs $D/model $D/mport & FAKE=$!
for i in $(seq 240); do grep -q "listening on" $D/log && [ -s $D/mport ] && break; sleep 1; done
BASE=$(sed -n 's/.*listening on \(http:[^ ]*\).*/\1/p' $D/log)
KEY=$(sed -n 's/^ *key: *//p' $D/log)
