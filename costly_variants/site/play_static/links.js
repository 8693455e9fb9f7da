/* Rulesets as links, for the Play and Try pages: a bundled ruleset by its id (#rules=parlett-121), a house
   profile by its whole text, deflated and written in base64url (#profile=...), so that a player can send
   house rules to friends in the address alone. Nothing in a link is trusted: an id must be a bundled
   profile's form, the text is at most MAX_TEXT characters once inflated, and what it says is checked by the
   project's own validator in the page, like a file; a link that is none of these gives a one-line reason. */
"use strict";

(function () {
  const MAX_LINK = 60000; // characters of the address's fragment
  const MAX_TEXT = 200000; // characters of a profile once inflated: a link is not a way to fill the memory
  const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

  class LinkError extends Error {}

  function toBase64url(bytes) {
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64url(text) {
    if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new LinkError("the profile in the link is not base64url text");
    let binary;
    try {
      binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4));
    } catch (error) {
      throw new LinkError("the profile in the link is not base64url text");
    }
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  }

  async function through(bytes, stream) {
    return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
  }

  async function inflate(bytes) {
    // Read in pieces, so that a small link that inflates to a great deal is refused before it is all made.
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
    const parts = [];
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.length;
        if (size > MAX_TEXT * 4) throw new LinkError(`the profile in the link is longer than ${MAX_TEXT} characters`);
        parts.push(value);
      }
    } catch (error) {
      if (error instanceof LinkError) throw error;
      throw new LinkError("the profile in the link is damaged (it does not inflate; was the link cut short)");
    }
    const out = new Uint8Array(size);
    let at = 0;
    for (const part of parts) { out.set(part, at); at += part.length; }
    let text;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(out);
    } catch (error) {
      throw new LinkError("the profile in the link is not UTF-8 text");
    }
    if (text.length > MAX_TEXT) throw new LinkError(`the profile in the link is longer than ${MAX_TEXT} characters`);
    return text;
  }

  // A ruleset -> the fragment of a link ("#rules=ID" or "#profile=..."). ``ruleset``: {id} or {text}.
  async function encode(ruleset) {
    if (ruleset.text !== undefined) {
      const deflated = await through(new TextEncoder().encode(ruleset.text), new CompressionStream("deflate-raw"));
      return "#profile=" + toBase64url(deflated);
    }
    if (!ID.test(ruleset.id || "")) throw new LinkError(`not a profile id: ${ruleset.id}`);
    return "#rules=" + ruleset.id;
  }

  // The fragment of an address -> null (no ruleset in it), {id} or {text}; a LinkError says what is wrong.
  async function decode(hash) {
    const fragment = (hash || "").replace(/^#/, "");
    if (!fragment) return null;
    if (fragment.length > MAX_LINK) throw new LinkError(`the link is too long (${fragment.length} characters)`);
    const params = new URLSearchParams(fragment);
    const rules = params.get("rules");
    const profile = params.get("profile");
    if (rules !== null && profile !== null) throw new LinkError("the link names both a bundled ruleset and a house profile");
    if (rules !== null) {
      if (!ID.test(rules)) throw new LinkError("the link's ruleset is not a profile id (lower-case letters, digits and hyphens)");
      return { id: rules };
    }
    if (profile !== null) return { text: await inflate(fromBase64url(profile)) };
    return null;
  }

  window.costlyLinks = { encode, decode, LinkError, MAX_TEXT };
})();
