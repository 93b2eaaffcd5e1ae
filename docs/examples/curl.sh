#!/bin/sh
# Hainiao local API with curl: log in, create an environment, start it without a window, read its
# status, end it and delete it. Needs a POSIX shell and curl (Git Bash on Windows).
#
#   HAINIAO_API      the service (default http://127.0.0.1:8186)
#   HAINIAO_ACCOUNT, HAINIAO_APP_ID, HAINIAO_APP_KEY
#                    your API credential; without them the service's current login is used
#   HAINIAO_API_KEY  the service's own key (<data>/api-key), when it runs with --api-key on
set -eu
API="${HAINIAO_API:-http://127.0.0.1:8186}"

# call PATH JSON: POSTs the JSON body and prints the answer.
call() {
  curl -sS -X POST -H 'Content-Type: application/json' \
    -H "Authorization: Bearer ${HAINIAO_API_KEY:-}" -d "$2" "$API$1"
  echo
}

# 1. Log in: the answer's status is 0 on success.
if [ -n "${HAINIAO_ACCOUNT:-}" ]; then
  answer=$(call /login "{\"Account\":\"$HAINIAO_ACCOUNT\",\"APP_ID\":\"$HAINIAO_APP_ID\",\"APP_KEY\":\"$HAINIAO_APP_KEY\"}")
  echo "$answer"
  case "$answer" in
    *'"status":0'*) ;;
    *) echo "login failed" >&2; exit 1 ;;
  esac
fi

# 2. Create an environment and keep its ID (the answer spells it Session_Id).
answer=$(call /api/v1/session/create '{"Automatic_Configure":0,"Session_Name":"curl example"}')
echo "$answer"
id=$(printf '%s' "$answer" | sed -n 's/.*"Session_Id":"\([0-9a-f]*\)".*/\1/p')
if [ -z "$id" ]; then
  echo "create failed" >&2
  exit 1
fi

# 3. Start it without a window. Each entry of data.listid has a status (0 started) and the
#    browser_CDP_Port that Puppeteer, Playwright or Selenium connect to.
call /api/v1/browser/start "{\"Session_ID\":[\"$id\"],\"isHeadless\":1}"

# 4. Its status: Session_Actived is 1 while it runs.
call /api/v1/browser/status "{\"Session_ID\":[\"$id\"]}"

# 5. A headless environment is ended with kill (stop answers -20 for it).
call /api/v1/browser/kill "{\"Session_ID\":[\"$id\"]}"

# 6. Delete it.
call /api/v1/session/delete "{\"Session_ID\":[\"$id\"]}"
