// A zxdeck bot in JavaScript (node 18+): a random legal action from a generator seeded by
// the engine's hello, so the same seed plays the same game.
// zxdeck sim A.txt B.txt --ai1 "bot:node examples/bots/random_bot.mjs"
import * as readline from "node:readline";

let state = 1;
const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
const send = (msg) => process.stdout.write(JSON.stringify(msg) + "\n");

for await (const line of readline.createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  if (msg.type === "hello") {
    state = msg.seed >>> 0;
    send({ type: "ready", name: "random-js", protocol: 1 });
  } else if (msg.type === "observation") {
    const legal = msg.legal_actions;
    send({ id: msg.id, action: legal[Math.floor(next() * legal.length)].index });
  }
}
