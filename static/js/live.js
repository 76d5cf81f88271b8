/* Live play's transport: WebRTC data channels, one per friend, driven from Python
   (lotus/dom/live.py). Live play's protocol and decisions are lotus/page/live/'s; this file only
   makes the connections and moves text. With no STUN server set, only the device's own
   (host) candidates are gathered: no request leaves the page unless the player sets one. */
(() => {
  "use strict";
  const peers = new Map(); // peer id -> {pc, channel}
  const GATHER_MS = 6000; // the longest wait for candidates (an unreachable STUN server)
  const TICK_MS = 1000; // the heartbeat's clock: Python pings, and finds silent peers

  function config(stun) {
    return { iceServers: stun ? [{ urls: String(stun) }] : [] };
  }

  function tell(kind, id, data) {
    const handler = window.lotusLive.handler;
    if (handler) handler(kind, id, data === undefined ? "" : String(data));
  }

  function open(id, stun) {
    close(id);
    const pc = new RTCPeerConnection(config(stun));
    // Negotiated: both sides make the same channel, so nothing but the two links is needed.
    const channel = pc.createDataChannel("lotus", { negotiated: true, id: 0, ordered: true });
    const peer = { pc, channel };
    peers.set(id, peer);
    channel.onopen = () => tell("open", id);
    channel.onclose = () => peers.get(id) === peer && tell("closed", id);
    // A channel closed by this page (a flood, say) hands on nothing it still had queued.
    channel.onmessage = (event) =>
      peers.get(id) === peer && tell("message", id, typeof event.data === "string" ? event.data : "");
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState;
      if ((state === "failed" || state === "disconnected" || state === "closed") && peers.get(id) === peer) {
        tell("closed", id);
      }
    };
    return pc;
  }

  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      const timer = setTimeout(resolve, GATHER_MS);
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  }

  function close(id) {
    const peer = peers.get(id);
    if (!peer) return;
    peers.delete(id);
    try {
      peer.channel.close();
      peer.pc.close();
    } catch (error) {
      /* already closed */
    }
  }

  // A reply link opened in another tab of this browser goes to the tab that made the invitation.
  // The tab waiting for it answers with an ack; with none within RELAY_MS, no tab was waiting.
  const tabs = "BroadcastChannel" in window ? new BroadcastChannel("lotus-live") : null;
  const RELAY_MS = 2000;
  const relays = new Map(); // id of a reply handed on -> its timer (null once it rang)
  function relayed(id, taken) {
    if (!relays.has(id)) return;
    clearTimeout(relays.get(id));
    if (taken) relays.delete(id); // a late ack still corrects "no tab waits"
    else relays.set(id, null);
    tell("relayed", id, taken ? "1" : "");
  }
  if (tabs) {
    tabs.onmessage = (event) => {
      const data = event.data || {};
      if (typeof data.reply === "string") tell("reply", String(data.id || ""), data.reply);
      else if (typeof data.ack === "string") relayed(data.ack, true);
    };
  }

  window.lotusLive = {
    handler: null, // set by Python: handler(kind, peerId, text)
    /* The host: a new connection for `id`; resolves to its offer's description. */
    async offer(id, stun) {
      const pc = open(id, stun);
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      return pc.localDescription.sdp;
    },
    /* A guest: the host's offer in, the answer's description out. */
    async answer(id, sdp, stun) {
      const pc = open(id, stun);
      await pc.setRemoteDescription({ type: "offer", sdp: String(sdp) });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      return pc.localDescription.sdp;
    },
    /* The host: the friend's answer; the channel opens by itself ("open"). */
    async accept(id, sdp) {
      const peer = peers.get(id);
      if (!peer) throw new Error("no-invitation")  // no invitation waits for this reply;
      await peer.pc.setRemoteDescription({ type: "answer", sdp: String(sdp) });
    },
    /* Send text to a peer; false when its channel is not open. */
    send(id, text) {
      const peer = peers.get(id);
      if (!peer || peer.channel.readyState !== "open") return false;
      peer.channel.send(String(text));
      return true;
    },
    close,
    /* Hand a reply to the other tabs of this site; false when the browser cannot. */
    passReply(text) {
      if (!tabs) return false;
      const id = Math.random().toString(36).slice(2);
      relays.set(id, setTimeout(() => relayed(id, false), RELAY_MS));
      tabs.postMessage({ reply: String(text), id });
      return true;
    },
    /* The tab that made the invitation took the reply handed on as `id`: tell its sender. */
    ackReply(id) {
      if (tabs && id) tabs.postMessage({ ack: String(id) });
    },
    ids() {
      return Array.from(peers.keys());
    },
    async share(url) {
      if (!navigator.share) return false;
      try {
        // The share sheet's title: the page's words (its hidden [data-words]).
        const title = document.querySelector('[data-words] [data-word="share-title"]');
        await navigator.share({ title: title ? title.textContent : "", url: String(url) });
        return true;
      } catch (error) {
        return false;
      }
    },
  };
  // While a connection exists or is being made, Python is told the time passes (lotus.page.live's
  // heartbeat: a peer that sends nothing for a while is gone, even if WebRTC has not noticed).
  setInterval(() => {
    if (peers.size) tell("tick", "");
  }, TICK_MS);
  window.addEventListener("pagehide", () => {
    for (const id of Array.from(peers.keys())) close(id);
  });
})();
