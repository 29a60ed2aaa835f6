#!/bin/sh
# A zxdeck bot in plain sh: always plays the first legal action (index 0).
# zxdeck's messages are compact JSON beginning with their type, so a pattern finds it.
while IFS= read -r line; do
  case "$line" in
    '{"type":"hello"'*) echo '{"type":"ready","name":"first-sh"}' ;;
    '{"type":"observation"'*) echo '{"action":0}' ;;
    '{"type":"error"'*) echo "first_bot.sh: $line" >&2 ;;
  esac
done
