// The Map's first-picture rows (called by scripts/bench-app.mjs), each trial in a fresh page opened on a share link
// to a field in the Map (as a colleague's link opens it):
//   goes-disk-first-map-vs-network  /data/goes.zarr (bench/make-goes.py: a 5,424 × 5,424 int16 full disk in
//                                   226 × 226 chunks on GOES scan angles with its geostationary grid mapping)
//   mesh-first-picture-vs-network   /data/icon-r2b6.nc (bench/make-mesh.py: an ICON R2B6-like netCDF-4 file,
//                                   327,680 triangles given by their vertices, float32 on cells), read in place
// Each: navigation → the Map's first whole picture (the canvas' `data-rendered`, the frame after) ÷ navigation →
// the last byte of the dataset's requests made before it (Resource Timing of the page and its workers): the data
// and, for the mesh, its cells' vertices.
import { median, resources, round, startTrace } from './bench-page.mjs';

/** The rows: the dataset (under /data/), the variable, the requests that are its network, the target. */
export const MAP_ROWS = {
  goes: {
    name: 'goes-disk-first-map-vs-network',
    what: 'GOES disk',
    path: '/data/goes.zarr',
    variable: '/Rad',
    network: /\/data\/goes\.zarr\/Rad\/\d+\.\d+$/,
    target: 1.5,
  },
  mesh: {
    name: 'mesh-first-picture-vs-network',
    what: 'ICON R2B6-like mesh',
    path: '/data/icon-r2b6.nc',
    variable: '/S',
    // The cells along x, time on its slider (the link a Map of one time step gives).
    axes: { x: 'ncells' },
    network: /\/data\/icon-r2b6\.nc$/,
    target: 2,
  },
};

/** In the page: the time of the frame after the Map canvas first counts a whole picture (`__mapDrawn`). */
export function watchMap() {
  const w = /** @type {any} */ (window);
  w.__mapDrawn = 0;
  new MutationObserver(() => {
    const el = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=map-canvas]'));
    if (!w.__mapDrawn && el && Number(el.dataset.rendered ?? 0) >= 1)
      requestAnimationFrame(() => (w.__mapDrawn ||= performance.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
}

async function mapTrial(context, server, row, name) {
  const page = await context.newPage();
  try {
    await page.addInitScript(watchMap);
    // BENCH_TRACE=dir: a Chromium trace from the navigation to the map (scripts/bench-trace-summary.mjs).
    const stopTrace = await startTrace(context, page);
    const link = new URLSearchParams({ url: `${server.url}${row.path}`, var: row.variable, ...row.axes, view: 'map' });
    await page.goto(`${server.url}/index.html#${link}`);
    await page
      .waitForFunction(() => /** @type {any} */ (window).__mapDrawn > 0, null, { timeout: 120_000 })
      .catch(async (e) => {
        if (process.env.BENCH_DEBUG) await page.screenshot({ path: `/tmp/bench-${name}.png` });
        throw e;
      });
    await stopTrace(name);
    const drawn = await page.evaluate(() => /** @type {any} */ (window).__mapDrawn);
    const got = (await resources(page, row.network)).filter((r) => r.end <= drawn);
    const last = got.sort((a, b) => b.end - a.end)[0];
    const bytes = got.reduce((s, c) => s + (c.bytes || 0), 0);
    return { drawn, lastByte: last?.end ?? NaN, requests: got.length, bytes, protocol: last?.protocol ?? '?' };
  } finally {
    await page.close();
  }
}

/** The row `key` of MAP_ROWS over `server` (`trials` fresh pages after one untimed one). */
export async function mapRow({ context, server, label, trials, key }) {
  const row = MAP_ROWS[key];
  const warm = await mapTrial(context, server, row, key);
  console.log(
    `  ${label} ${row.what} warm-up (not counted): map ${round(warm.drawn, 0)} ms, last byte ${round(warm.lastByte, 0)} ms`,
  );
  const runs = [];
  for (let t = 0; t < trials; t++) {
    const r = await mapTrial(context, server, row, key);
    console.log(
      `  ${label} ${row.what} trial ${t + 1}: map ${round(r.drawn, 0)} ms, last byte ${round(r.lastByte, 0)} ms (${r.requests} requests, ${round(r.bytes / 2 ** 20, 1)} MiB, ${r.protocol})`,
    );
    runs.push(r);
  }
  const base = { name: row.name, unit: 'ratio', target: row.target };
  if (runs.some((r) => !(r.requests > 0)))
    return { ...base, notMeasured: `${label}: nothing of the dataset was read before the map` };
  const ratio = median(runs.map((r) => r.drawn / r.lastByte));
  const mib = round(median(runs.map((r) => r.bytes)) / 2 ** 20, 1);
  return {
    ...base,
    value: round(ratio),
    met: ratio <= row.target,
    baseline: `${label}: map drawn ${round(median(runs.map((r) => r.drawn)), 0)} ms after the link was opened, the last byte it needed at ${round(median(runs.map((r) => r.lastByte)), 0)} ms (medians of ${trials}; ${median(runs.map((r) => r.requests))} requests, ${mib} MiB; ${runs[0].protocol})`,
  };
}

export const PAN_ROW = 'mesh-pan-frame-ms';
const PAN_TARGET = 16;

/** In the page: the times the Map canvas counted a new picture (`__pictures`), and every animation frame (`__frames`). */
function watchPictures() {
  const w = /** @type {any} */ (window);
  w.__pictures = [];
  w.__frames = [];
  const tick = (t) => {
    w.__frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  let last = 0;
  new MutationObserver(() => {
    const el = /** @type {HTMLElement | null} */ (document.querySelector('[data-testid=map-canvas]'));
    const n = Number(el?.dataset.rendered ?? 0);
    if (n > last) {
      last = n;
      w.__pictures.push(performance.now());
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
}

/** The WebGL renderer Chromium gives this page (SwiftShader: software GL). */
const glRenderer = (page) =>
  page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return 'no WebGL';
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    return String(ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
  });

/**
 * `mesh-pan-frame-ms`: the ICON-like mesh on the orthographic Map (a share link), then the globe dragged for 2 s
 * (a pointer move every 16 ms, as a hand does): the median time between the map's successive pictures while it
 * moves (each a new reprojection of the cells), over `trials` fresh pages.
 */
export async function meshPanRow({ context, server, label, trials }) {
  const row = MAP_ROWS.mesh;
  const medians = [];
  const counts = [];
  let renderer = '?';
  let floor = 'not measured';
  for (let t = 0; t < trials; t++) {
    const page = await context.newPage();
    try {
      await page.addInitScript(watchPictures);
      const link = new URLSearchParams({ url: `${server.url}${row.path}`, var: row.variable, ...row.axes });
      link.set('view', 'map');
      link.set('proj', 'orthographic');
      await page.goto(`${server.url}/index.html#${link}`);
      await page.waitForFunction(() => /** @type {any} */ (window).__pictures.length > 0, null, { timeout: 120_000 });
      renderer = await glRenderer(page);
      const box = await page.getByTestId('map-plot-raster').boundingBox();
      if (!box) throw new Error('no map on the page');
      const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
      await page.mouse.move(cx, cy);
      // BENCH_TRACE=dir: a Chromium trace of the drag (scripts/bench-trace-summary.mjs).
      const stopTrace = await startTrace(context, page);
      await page.mouse.down();
      // The moves come from the page's own clock, one every 16 ms for 2 s (a round trip per move from here would
      // set the pace instead), as the mouse's pointer (id 1) the press captured.
      const [from, to] = await page.evaluate(
        ([x0, y0, w]) =>
          new Promise((resolve) => {
            const el = /** @type {HTMLElement} */ (document.querySelector('.map-plot'));
            const start = performance.now();
            const step = () => {
              const t = performance.now() - start;
              const f = Math.min(1, t / 2000);
              el.dispatchEvent(
                new PointerEvent('pointermove', {
                  bubbles: true,
                  pointerId: 1,
                  pointerType: 'mouse',
                  isPrimary: true,
                  buttons: 1,
                  clientX: x0 + (w / 3) * Math.sin(f * Math.PI),
                  clientY: y0 + 20 * Math.sin(t / 320),
                }),
              );
              if (f < 1) setTimeout(step, 16);
              else resolve([start, performance.now()]);
            };
            step();
          }),
        [cx, cy, box.width],
      );
      await page.mouse.up();
      await stopTrace('mesh-pan');
      const pictures = await page.evaluate(
        ([a, b]) => /** @type {any} */ (window).__pictures.filter((x) => x >= a && x <= b),
        [from, to],
      );
      if (pictures.length < 2) throw new Error(`the map did not move while dragged (${pictures.length} pictures)`);
      const gaps = pictures.slice(1).map((x, i) => x - pictures[i]);
      counts.push(pictures.length);
      medians.push(gaps.length ? median(gaps) : to - from);
      if (t === trials - 1) {
        const dpr = await page.evaluate(() => devicePixelRatio);
        floor = await page.evaluate(rawMeshFloor, [Math.round(box.width * dpr), Math.round(box.height * dpr), 2000]);
        console.log(`  ${label} raw WebGL floor: ${typeof floor === 'number' ? `${round(floor, 1)} ms` : floor}`);
      }
      console.log(
        `  ${label} mesh pan trial ${t + 1}: ${pictures.length} pictures in ${round(to - from, 0)} ms of dragging, median ${round(medians.at(-1), 1)} ms apart`,
      );
    } finally {
      await page.close();
    }
  }
  const value = median(medians);
  const soft = /swiftshader|llvmpipe|software/i.test(renderer);
  return {
    name: PAN_ROW,
    value: round(value, 1),
    unit: 'ms',
    target: PAN_TARGET,
    met: value <= PAN_TARGET,
    baseline: `${label}: median ${round(value, 1)} ms between pictures while the orthographic globe is dragged for 2 s (medians of ${trials}; ${counts.join('/')} pictures); the cells are looked up per pixel in the workers (no GPU path); Chromium's WebGL: ${renderer}${soft ? ' (software GL)' : ''}; floor: raw WebGL draw of the same number of triangles (327,680) on a canvas of the plot's size ${typeof floor === 'number' ? `${round(floor, 1)} ms` : floor} a frame`,
  };
}

/**
 * In the page: the floor of any GPU path on this browser. A canvas of `w` × `h` device pixels draws a subdivided
 * icosahedron's 327,680 triangles (ICON R2B6's count; unit-sphere xyz, one value per triangle as a per-vertex
 * attribute, orthographic projection in the vertex shader, the far hemisphere clipped, a 256-entry colormap
 * texture) while the rotation changes every animation frame for `ms`, each frame forced to completion by reading
 * one pixel back. Resolves to the median time between frames, or a sentence saying why not.
 */
export function rawMeshFloor([w, h, ms]) {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  document.body.appendChild(canvas);
  const gl = canvas.getContext('webgl2');
  if (!gl) return Promise.resolve('no WebGL2');
  const t = (1 + Math.sqrt(5)) / 2;
  const v = [
    [-1, t, 0],
    [1, t, 0],
    [-1, -t, 0],
    [1, -t, 0],
    [0, -1, t],
    [0, 1, t],
    [0, -1, -t],
    [0, 1, -t],
    [t, 0, -1],
    [t, 0, 1],
    [-t, 0, -1],
    [-t, 0, 1],
  ];
  const f = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  const unit = (p) => {
    const n = Math.hypot(p[0], p[1], p[2]);
    return [p[0] / n, p[1] / n, p[2] / n];
  };
  let tris = f.map((x) => x.map((i) => unit(v[i])));
  const mid = (a, b) => unit([a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
  for (let k = 0; k < 7; k++) {
    const next = [];
    for (const [a, b, c] of tris) {
      const ab = mid(a, b),
        bc = mid(b, c),
        ca = mid(c, a);
      next.push([a, ab, ca], [ab, b, bc], [ca, bc, c], [ab, bc, ca]);
    }
    tris = next;
  }
  const n = tris.length;
  const xyz = new Float32Array(n * 9);
  const val = new Float32Array(n * 3);
  tris.forEach((tri, i) => {
    const s = 0.5 + 0.5 * Math.sin(7 * tri[0][0]) * Math.cos(5 * tri[0][2]);
    for (let j = 0; j < 3; j++) {
      xyz.set(tri[j], i * 9 + j * 3);
      val[i * 3 + j] = s;
    }
  });
  const src = (type, text) => {
    const s = gl.createShader(type);
    gl.shaderSource(s, text);
    gl.compileShader(s);
    return s;
  };
  const prog = gl.createProgram();
  gl.attachShader(
    prog,
    src(
      gl.VERTEX_SHADER,
      `#version 300 es
in vec3 xyz; in float value; uniform mat3 rot; uniform vec2 scale; out float v;
void main() { vec3 p = rot * xyz; v = value; gl_Position = vec4(p.x * scale.x, p.y * scale.y, p.z < 0.0 ? 2.0 : 0.0, 1.0); }`,
    ),
  );
  gl.attachShader(
    prog,
    src(
      gl.FRAGMENT_SHADER,
      `#version 300 es
precision highp float; in float v; uniform sampler2D lut; out vec4 colour;
void main() { colour = texture(lut, vec2(v, 0.5)); }`,
    ),
  );
  gl.linkProgram(prog);
  if (!gl.getProgramParameter(prog, gl.LINK_STATUS)) return Promise.resolve(`shader: ${gl.getProgramInfoLog(prog)}`);
  gl.useProgram(prog);
  const buffer = (data, name, size) => {
    gl.bindBuffer(gl.ARRAY_BUFFER, gl.createBuffer());
    gl.bufferData(gl.ARRAY_BUFFER, data, gl.STATIC_DRAW);
    const at = gl.getAttribLocation(prog, name);
    gl.enableVertexAttribArray(at);
    gl.vertexAttribPointer(at, size, gl.FLOAT, false, 0, 0);
  };
  gl.bindVertexArray(gl.createVertexArray());
  buffer(xyz, 'xyz', 3);
  buffer(val, 'value', 1);
  const lut = new Uint8Array(256 * 4);
  for (let i = 0; i < 256; i++) lut.set([i, 255 - i, 128, 255], i * 4);
  gl.bindTexture(gl.TEXTURE_2D, gl.createTexture());
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, 256, 1, 0, gl.RGBA, gl.UNSIGNED_BYTE, lut);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  const r = Math.min(w, h) / 2;
  gl.uniform2f(gl.getUniformLocation(prog, 'scale'), r / (w / 2), r / (h / 2));
  const rot = gl.getUniformLocation(prog, 'rot');
  gl.viewport(0, 0, w, h);
  gl.clearColor(1, 1, 1, 1);
  const px = new Uint8Array(4);
  const times = [];
  return new Promise((resolve) => {
    const start = performance.now();
    const frame = (now) => {
      const a = (now - start) / 600;
      const [c, s] = [Math.cos(a), Math.sin(a)];
      gl.uniformMatrix3fv(rot, false, [c, 0, -s, 0, 1, 0, s, 0, c]);
      gl.clear(gl.COLOR_BUFFER_BIT);
      gl.drawArrays(gl.TRIANGLES, 0, n * 3);
      gl.readPixels(w >> 1, h >> 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
      times.push(performance.now());
      if (now - start < ms) requestAnimationFrame(frame);
      else {
        canvas.remove();
        const gaps = times
          .slice(1)
          .map((x, i) => x - times[i])
          .sort((p, q) => p - q);
        resolve(gaps.length ? gaps[gaps.length >> 1] : 'no frames');
      }
    };
    requestAnimationFrame(frame);
  });
}
