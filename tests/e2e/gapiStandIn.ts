/**
 * A stand-in for https://apis.google.com/js/api.js, which this machine cannot reach: just what Firebase Auth's
 * popup sign-in and the Auth emulator's helper frame use — gapi.load('gapi.iframes'), a context that opens an
 * iframe (restyle, ping, register, send) and, inside the frame, its parent — over postMessage.
 */
export const gapiStandIn = `(function () {
  var pending = {}, seq = 0, ports = [];
  function Port(target) { this.target = target; this.handlers = {}; }
  Port.prototype.register = function (name, handler) { this.handlers[name] = handler; };
  Port.prototype.send = function (name, data, callback) {
    var id = ++seq;
    pending[id] = callback;
    this.target.postMessage({ __gapi: 'send', name: name, data: data, id: id }, '*');
  };
  Port.prototype.restyle = function () { return Promise.resolve(); };
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || !message.__gapi) return;
    if (message.__gapi === 'reply') {
      var callback = pending[message.id];
      delete pending[message.id];
      if (callback) callback(message.responses);
      return;
    }
    for (var i = 0; i < ports.length; i++) {
      var port = ports[i];
      if (port.target !== event.source) continue;
      if (message.__gapi === 'ready' && port.ready) port.ready();
      if (message.__gapi === 'send' && port.handlers[message.name]) {
        var result = port.handlers[message.name](message.data);
        event.source.postMessage({ __gapi: 'reply', id: message.id, responses: [result] }, '*');
      }
    }
  });
  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      frame.src = options.url;
      frame.style.cssText = 'position:absolute;width:1px;height:1px;left:-9999px;top:-9999px;border:0';
      options.where.appendChild(frame);
      var port = new Port(frame.contentWindow);
      var ready = new Promise(function (resolve) { port.ready = resolve; });
      port.ping = function (callback) { return ready.then(function () { if (callback) callback(); }); };
      ports.push(port);
      return Promise.resolve(onOpen(port));
    },
    getParentIframe: function () {
      var port = new Port(window.parent);
      ports.push(port);
      // The frame registers its handlers right after this call; say "ready" once it has.
      setTimeout(function () { window.parent.postMessage({ __gapi: 'ready' }, '*'); });
      return port;
    }
  };
  window.gapi = {
    load: function (name, options) { setTimeout(function () { (options.callback || options)(); }); },
    iframes: { getContext: function () { return context; }, CROSS_ORIGIN_IFRAMES_FILTER: {}, Iframe: function () {} }
  };
  var script = document.currentScript;
  var onload = script && /[?&]onload=([\\w$]+)/.exec(script.src);
  if (onload && typeof window[onload[1]] === 'function') window[onload[1]]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();`;
