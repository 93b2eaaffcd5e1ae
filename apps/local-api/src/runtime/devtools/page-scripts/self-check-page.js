/* global hainiaoLieDetector */
/*
 * The self-check page (runtime/self-check/self-check.ts): runs the lie detector in the page, a same-origin
 * iframe and a dedicated, shared and service worker, gathers WebRTC candidates and looks for the
 * globals automation drivers leave, and sets `window.hainiaoSelfCheck` to a promise of
 *   { realms: { window, iframe, dedicated, shared, service }, webrtc, automation }.
 */
(() => {
  /** A realm that does not answer within this time is reported unavailable. */
  const REALM_MS = 30000;
  /** WebRTC candidate gathering, when it does not end by itself. */
  const WEBRTC_MS = 5000;
  /** Globals and attributes of Selenium, ChromeDriver (`cdc_…`), PhantomJS, Nightmare, Playwright and Puppeteer. */
  const AUTOMATION =
    /^(\$?cdc_|\$wdc_|\$chrome_asyncScriptInfo|__webdriver|__selenium|__fxdriver|__driver|_Selenium_IDE|_selenium|callSelenium|calledSelenium|__lastWatirAlert|__nightmare|_phantom|callPhantom|domAutomation|__playwright|__pw_|__pwInitScripts|__puppeteer)/;

  const unavailable = (scope, e) => ({
    scope,
    findings: [{ api: 'scope', check: 'unavailable', detail: String((e && e.message) || e) }],
    values: {},
  });

  /** A realm's report, or an 'unavailable' one when it fails or takes too long. */
  function within(scope, start) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error('no report within ' + REALM_MS / 1000 + ' s')),
        REALM_MS,
      );
    });
    return Promise.race([Promise.resolve().then(start), timeout])
      .catch((e) => unavailable(scope, e))
      .finally(() => clearTimeout(timer));
  }

  function inFrame() {
    return new Promise((resolve, reject) => {
      const frame = document.createElement('iframe');
      frame.style.cssText = 'width:20px;height:20px;border:0';
      const onMessage = (event) => {
        if (event.source !== frame.contentWindow || !event.data || event.data.scope !== 'iframe')
          return;
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      };
      window.addEventListener('message', onMessage);
      frame.onerror = () => reject(new Error('the frame did not load'));
      frame.src = './frame.html';
      document.body.append(frame);
    });
  }

  function inDedicated() {
    return new Promise((resolve, reject) => {
      const worker = new Worker('./worker.js');
      worker.onmessage = (event) => {
        worker.terminate();
        resolve(event.data);
      };
      worker.onerror = (event) => {
        worker.terminate();
        reject(new Error(event.message || 'the dedicated worker failed'));
      };
    });
  }

  function inShared() {
    return new Promise((resolve, reject) => {
      const worker = new SharedWorker('./worker.js');
      worker.port.onmessage = (event) => {
        worker.port.close();
        resolve(event.data);
      };
      worker.onerror = () => reject(new Error('the shared worker failed'));
      worker.port.start();
    });
  }

  async function inService() {
    const registration = await navigator.serviceWorker.register('./worker.js');
    try {
      const worker = registration.installing || registration.waiting || registration.active;
      if (worker.state !== 'activated') {
        await new Promise((resolve, reject) => {
          worker.addEventListener('statechange', () => {
            if (worker.state === 'activated') resolve();
            if (worker.state === 'redundant') reject(new Error('the service worker was dropped'));
          });
        });
      }
      const channel = new MessageChannel();
      const report = new Promise((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data);
      });
      worker.postMessage('run', [channel.port2]);
      return await report;
    } finally {
      await registration.unregister();
    }
  }

  /** The ICE candidates a page gets without any STUN server: none when WebRTC is kept off UDP. */
  async function webrtc() {
    if (typeof RTCPeerConnection !== 'function') return { available: false, candidates: [] };
    const candidates = [];
    const connection = new RTCPeerConnection({ iceServers: [] });
    try {
      connection.createDataChannel('probe');
      let timer;
      const gathered = new Promise((resolve) => {
        connection.onicecandidate = (event) => {
          if (!event.candidate) resolve();
          else if (event.candidate.candidate) candidates.push(event.candidate.candidate);
        };
        timer = setTimeout(resolve, WEBRTC_MS);
      });
      await connection.setLocalDescription(await connection.createOffer());
      await gathered;
      clearTimeout(timer);
      const sdp = (connection.localDescription && connection.localDescription.sdp) || '';
      for (const line of sdp.split(/\r?\n/)) {
        if (line.startsWith('a=candidate:')) candidates.push(line.slice(2));
      }
      return { available: true, candidates: [...new Set(candidates)] };
    } catch (e) {
      return { available: true, candidates, error: String((e && e.message) || e) };
    } finally {
      connection.close();
    }
  }

  /** What drivers leave on window, document and the root element. */
  function automation() {
    const found = [];
    for (const [where, object] of [
      ['window', window],
      ['document', document],
    ]) {
      for (const name of Object.getOwnPropertyNames(object)) {
        if (AUTOMATION.test(name)) found.push(where + '.' + name);
      }
    }
    for (const name of ['webdriver', 'selenium', 'driver']) {
      if (document.documentElement.hasAttribute(name)) found.push('html[' + name + ']');
    }
    return found;
  }

  window.hainiaoSelfCheck = (async () => {
    const traces = automation();
    // The page first, alone: its DevTools probe times console calls.
    const page = await within('window', () =>
      hainiaoLieDetector.run('window', { ignoreGlobals: ['hainiaoSelfCheck'] }),
    );
    const [iframe, dedicated, shared, service, rtc] = await Promise.all([
      within('iframe', inFrame),
      within('dedicated', inDedicated),
      within('shared', inShared),
      within('service', inService),
      webrtc(),
    ]);
    return {
      realms: { window: page, iframe, dedicated, shared, service },
      webrtc: rtc,
      automation: traces,
    };
  })();
})();
