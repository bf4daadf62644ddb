// TEST ONLY, never shipped: stands in for js/engine-worker.mjs (UCI over
// postMessage: a command string in, one line per message out) with canned replies.
import { mockEngineReply } from './index.mjs';

onmessage = ({ data }) => { for (const line of mockEngineReply(String(data))) postMessage(line); };
