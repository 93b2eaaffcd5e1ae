/**
 * WebRTC never shows a page this machine's addresses (docs/browser-runtime.md, settings table),
 * through a native lever only (the profile's `webrtc.ip_handling_policy`, no script): a page
 * gathers ICE candidates against a real STUN server (a binding responder on this machine, reachable
 * on loopback and on each of its addresses) and finds no candidate, and the STUN server hears
 * nothing. A bare Chromium beside it shows what the same page sees without the lever. The running
 * information reports Static_PrivateIP / Static_PublicIP, never the machine's LAN address.
 */
import dgram from 'node:dgram';
import os from 'node:os';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browsersOf,
  CHROMIUM,
  hasChromium,
  startBrowserService,
  startHttpProxy,
  startLookup,
  startSite,
  type BrowserService,
} from '../test/browser.ts';

/** This machine's own addresses (not loopback), as a page must never see them. */
const HOST_ADDRESSES = Object.values(os.networkInterfaces())
  .flat()
  .filter((a) => a !== undefined && !a.internal)
  .map((a) => a!.address.split('%')[0]!);
const HOST_IPV4 = Object.values(os.networkInterfaces())
  .flat()
  .filter((a) => a !== undefined && !a.internal && a.family === 'IPv4')
  .map((a) => a!.address);

/** A STUN binding responder (RFC 5389: XOR-MAPPED-ADDRESS) on every IPv4 address of this machine. */
async function startStun() {
  const heard: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, from) => {
    heard.push(from.address);
    if (message.length < 20 || message.readUInt16BE(0) !== 0x0001) return;
    const attribute = Buffer.alloc(12);
    attribute.writeUInt16BE(0x0020, 0); // XOR-MAPPED-ADDRESS
    attribute.writeUInt16BE(8, 2);
    attribute.writeUInt8(0x01, 5); // IPv4
    attribute.writeUInt16BE(from.port ^ 0x2112, 6);
    const cookie = [0x21, 0x12, 0xa4, 0x42];
    from.address.split('.').forEach((byte, i) => (attribute[8 + i] = Number(byte) ^ cookie[i]!));
    const header = Buffer.alloc(20);
    header.writeUInt16BE(0x0101, 0); // binding success
    header.writeUInt16BE(attribute.length, 2);
    header.writeUInt32BE(0x2112a442, 4);
    message.copy(header, 8, 8, 20); // transaction id
    socket.send(Buffer.concat([header, attribute]), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '0.0.0.0', resolve));
  const { port } = socket.address();
  return {
    heard,
    /** The server under every address a page could try: loopback and this machine's own. */
    urls: ['127.0.0.1', ...HOST_IPV4].map((address) => `stun:${address}:${port}`),
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

interface Gathered {
  state: string;
  candidates: string[];
  sdp: string;
}

/** Gathers in a page: a data channel, an offer, every candidate until gathering completes. */
const gather = (urls: string[]) => `(async () => {
  const pc = new RTCPeerConnection({ iceServers: [{ urls: ${JSON.stringify(urls)} }] });
  pc.createDataChannel('probe');
  const candidates = [];
  const complete = new Promise((done) => {
    pc.onicecandidate = (event) => (event.candidate ? candidates.push(event.candidate.candidate) : done());
  });
  await pc.setLocalDescription(await pc.createOffer());
  await Promise.race([complete, new Promise((done) => setTimeout(done, 30000))]);
  const result = { state: pc.iceGatheringState, candidates, sdp: pc.localDescription.sdp };
  pc.close();
  return result;
})()`;

async function gatherIn(browser: Browser, url: string, stunUrls: string[]): Promise<Gathered> {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    return (await page.evaluate(gather(stunUrls))) as Gathered;
  } finally {
    await page.close();
  }
}

/** The address of a candidate line (`candidate:F C udp PRIO ADDRESS PORT typ TYPE …`). */
const addressOf = (candidate: string) => candidate.split(' ')[4] ?? '';
const typeOf = (candidate: string) => / typ (\w+)/.exec(candidate)?.[1] ?? '';

describe.skipIf(!hasChromium)('WebRTC shows pages no address', () => {
  let api: BrowserService;
  let site: Awaited<ReturnType<typeof startSite>>;
  let stun: Awaited<ReturnType<typeof startStun>>;
  let proxy: Awaited<ReturnType<typeof startHttpProxy>>;
  let lookup: Awaited<ReturnType<typeof startLookup>>;

  beforeAll(async () => {
    lookup = await startLookup({ query: '198.51.100.50', countryCode: 'US' });
    api = await startBrowserService({ ipLookupUrl: lookup.url });
    site = await startSite();
    stun = await startStun();
    proxy = await startHttpProxy('rtc', 'rtc-pass');
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
    await Promise.all([site?.close(), stun?.close(), proxy?.close(), lookup?.close()]);
    if (api) expect(browsersOf(api.service.dataDir)).toEqual([]);
  }, 60_000);

  const proxied = {
    Proxy_Type: 'HTTP',
    Proxy_Ip: '127.0.0.1',
    Proxy_Username: 'rtc',
    Proxy_Password: 'rtc-pass',
  };

  /** Starts the environment, gathers in a page of it, and answers both. */
  async function startAndGather(id: string) {
    const item = await api.startOne(id);
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${item.browser_CDP_Port}`,
      defaultViewport: null,
    });
    try {
      return { item, gathered: await gatherIn(browser, `${site.url}/rtc`, stun.urls) };
    } finally {
      await browser.disconnect();
      await api.kill([id]);
    }
  }

  /** What a page of the environment must find: nothing of this machine, no UDP out. */
  function expectNothingShown(gathered: Gathered, heardBefore: number) {
    expect(gathered.state).toBe('complete');
    for (const address of HOST_ADDRESSES) {
      expect(gathered.candidates.join('\n')).not.toContain(address);
      expect(gathered.sdp).not.toContain(address);
    }
    // Host candidates would be mDNS names; with the policy there are none at all.
    for (const candidate of gathered.candidates.filter((c) => typeOf(c) === 'host')) {
      expect(addressOf(candidate)).toMatch(/\.local$/);
    }
    expect(gathered.candidates).toEqual([]);
    // Not one STUN request left the browser.
    expect(stun.heard.length).toBe(heardBefore);
  }

  test("control: a bare Chromium's page reaches the STUN server and learns an address", async () => {
    const heardBefore = stun.heard.length;
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox'],
    });
    try {
      const gathered = await gatherIn(browser, `${site.url}/rtc`, stun.urls);
      expect(gathered.state).toBe('complete');
      expect(stun.heard.length).toBeGreaterThan(heardBefore);
      const reflexive = gathered.candidates.filter((c) => typeOf(c) === 'srflx').map(addressOf);
      expect(reflexive.length).toBeGreaterThan(0);
      // This machine's own address, as the STUN server saw it (when it has one besides loopback).
      if (HOST_IPV4.length > 0) expect(HOST_IPV4.some((a) => reflexive.includes(a))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 90_000);

  test('a proxied environment: no candidate, no STUN request, and Internel_ip is empty', async () => {
    const id = await api.create({ ...proxied, Proxy_Port: proxy.port });
    const heardBefore = stun.heard.length;
    const { item, gathered } = await startAndGather(id);
    expectNothingShown(gathered, heardBefore);
    // The page itself went through the proxy.
    expect(proxy.hosts).toContain(`127.0.0.1:${site.port}`);
    // No Static_PrivateIP: nothing, never this machine's LAN address; no lookup ran: no public IP.
    expect(item).toMatchObject({ Internel_ip: '', Public_ip: '' });
  }, 90_000);

  test('Static_PrivateIP and Static_PublicIP are what the service reports; pages see neither', async () => {
    const id = await api.create({
      ...proxied,
      Proxy_Port: proxy.port,
      Static_PrivateIP: '10.20.30.40',
      Static_PublicIP: '198.51.100.7',
    });
    const heardBefore = stun.heard.length;
    const { item, gathered } = await startAndGather(id);
    expect(item).toMatchObject({ Internel_ip: '10.20.30.40', Public_ip: '198.51.100.7' });
    expectNothingShown(gathered, heardBefore);
    expect(gathered.sdp).not.toContain('10.20.30.40');
    expect(gathered.sdp).not.toContain('198.51.100.7');
  }, 90_000);

  test("a lookup through the proxy reports the exit's IP over Static_PublicIP", async () => {
    const id = await api.create({
      ...proxied,
      Proxy_Port: proxy.port,
      Is_CheckProxy: 1,
      Static_PublicIP: '198.51.100.7',
    });
    const item = await api.startOne(id);
    await api.kill([id]);
    expect(item).toMatchObject({ Public_ip: '198.51.100.50', Internel_ip: '' });
  }, 90_000);

  test('an environment without a proxy gathers nothing either', async () => {
    const id = await api.create({});
    const heardBefore = stun.heard.length;
    const { item, gathered } = await startAndGather(id);
    expectNothingShown(gathered, heardBefore);
    expect(item).toMatchObject({ Internel_ip: '', Public_ip: '' });
  }, 90_000);
});
