#!/usr/bin/env node
/**
 * Draws the demo catalogue's pictures (category and product thumbnails, finish and design swatches)
 * as SVG and renders them to the small PNG files the demo seed stores as media
 * (api/src/demo/pictures/*.png, docs/decisions/0086-demo-pictures.md). Run it again after changing a
 * drawing: `node scripts/draw-demo-pictures.mjs` (needs the system Chromium, as the PDF renderer does).
 * The files are committed: the seed reads them and never draws at start-up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'api', 'src', 'demo', 'pictures');

// ------------------------------------------------------------------------------ colour helpers
const clamp = (n) => Math.max(0, Math.min(255, Math.round(n)));
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const hexOf = (c) => '#' + c.map((v) => clamp(v).toString(16).padStart(2, '0')).join('');
/** Lighter (amount > 0) or darker (amount < 0), towards white or black. */
const tint = (hex, amount) => hexOf(rgb(hex).map((v) => (amount > 0 ? v + (255 - v) * amount : v * (1 + amount))));

let uid = 0;
const id = (p) => `${p}${++uid}`;

/** A picture of size × size: a soft background card and the drawing over it. */
function svg(body, { size = 160, bg = '#f4f1ec' } = {}) {
  const g = id('bg');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 160 160">
<defs><linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${tint(bg, 0.35)}"/><stop offset="1" stop-color="${bg}"/></linearGradient></defs>
<rect width="160" height="160" fill="url(#${g})"/>${body}</svg>`;
}

/** A brushed-metal fill: a diagonal gradient round the colour. */
function metal(hex) {
  const g = id('m');
  return {
    def: `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint(hex, 0.45)}"/><stop offset="0.45" stop-color="${hex}"/><stop offset="0.7" stop-color="${tint(hex, 0.2)}"/><stop offset="1" stop-color="${tint(hex, -0.35)}"/></linearGradient>`,
    fill: `url(#${g})`,
  };
}

const shadow = (x, y, w, h, r = 8) => `<rect x="${x + 3}" y="${y + 5}" width="${w}" height="${h}" rx="${r}" fill="#000" opacity="0.12"/>`;

// ------------------------------------------------------------------------------ Lumen & Brass
function keypad(plate, rows, cols, mech = '#f3f1ec') {
  const m = metal(plate);
  const w = cols === 1 ? 78 : 104;
  const h = 104;
  const x = 80 - w / 2;
  const y = 28;
  let buttons = '';
  const bw = (w - 24 - (cols - 1) * 6) / cols;
  const bh = (h - 24 - (rows - 1) * 6) / rows;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const bx = x + 12 + c * (bw + 6);
      const by = y + 12 + r * (bh + 6);
      buttons += `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="3" fill="${mech}" stroke="${tint(mech, -0.25)}"/>`;
      buttons += `<rect x="${bx + bw * 0.25}" y="${by + bh / 2 - 1}" width="${bw * 0.5}" height="2" rx="1" fill="${tint(mech, -0.45)}"/>`;
    }
  return svg(`<defs>${m.def}</defs>${shadow(x, y, w, h)}<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${m.fill}" stroke="${tint(plate, -0.4)}"/>${buttons}`);
}

function outletFace(cx, cy, color = '#f7f5f0') {
  return `<rect x="${cx - 16}" y="${cy - 20}" width="32" height="40" rx="10" fill="${color}" stroke="#8a8680"/>
<rect x="${cx - 9}" y="${cy - 11}" width="3" height="10" rx="1" fill="#3a3733"/><rect x="${cx + 6}" y="${cy - 11}" width="3" height="10" rx="1" fill="#3a3733"/>
<path d="M${cx - 3} ${cy + 10}a3 3 0 0 1 6 0v3h-6z" fill="#3a3733"/>`;
}

function duplexPlate(plate) {
  const m = metal(plate);
  return svg(`<defs>${m.def}</defs>${shadow(45, 18, 70, 124)}<rect x="45" y="18" width="70" height="124" rx="8" fill="${m.fill}" stroke="${tint(plate, -0.4)}"/>${outletFace(80, 55)}${outletFace(80, 105)}<circle cx="80" cy="80" r="3" fill="${tint(plate, -0.3)}"/>`);
}

function usbOutlet(plate) {
  const m = metal(plate);
  return svg(`<defs>${m.def}</defs>${shadow(45, 18, 70, 124)}<rect x="45" y="18" width="70" height="124" rx="8" fill="${m.fill}" stroke="${tint(plate, -0.4)}"/>${outletFace(80, 62)}
<rect x="62" y="98" width="36" height="26" rx="6" fill="#f7f5f0" stroke="#8a8680"/><rect x="67" y="108" width="11" height="5" rx="2.5" fill="#3a3733"/><rect x="82" y="108" width="11" height="5" rx="2.5" fill="#3a3733"/>`);
}

function floorOutlet(popup) {
  const brass = metal('#c9a55c');
  const floor = '#d8c3a0';
  let planks = '';
  for (let i = 0; i < 6; i++) planks += `<rect x="0" y="${i * 28}" width="160" height="27" fill="${tint(floor, (i % 2) * 0.08 - 0.04)}"/>`;
  const lid = popup
    ? `<ellipse cx="80" cy="96" rx="44" ry="14" fill="${tint('#c9a55c', -0.4)}"/><rect x="44" y="52" width="72" height="44" rx="4" fill="${brass.fill}" stroke="#7a6230"/><rect x="56" y="62" width="48" height="24" rx="3" fill="#f7f5f0" stroke="#8a8680"/><rect x="68" y="68" width="3" height="9" fill="#3a3733"/><rect x="89" y="68" width="3" height="9" fill="#3a3733"/>`
    : `<rect x="36" y="36" width="88" height="88" rx="10" fill="${brass.fill}" stroke="#7a6230"/><rect x="48" y="48" width="64" height="64" rx="6" fill="${tint('#c9a55c', 0.15)}" stroke="#7a6230"/><path d="M70 58h20" stroke="#7a6230" stroke-width="3" stroke-linecap="round"/>`;
  return svg(`<defs>${brass.def}</defs>${planks}${lid}`, { bg: floor });
}

function readingLamp(bedside) {
  const brass = metal('#b8924a');
  const arm = bedside ? 'M80 128V70' : 'M40 136V60L110 44';
  const shadeX = bedside ? 80 : 110;
  const shadeY = bedside ? 40 : 44;
  return svg(`<defs>${brass.def}</defs><ellipse cx="${bedside ? 80 : 40}" cy="138" rx="26" ry="6" fill="#000" opacity="0.12"/>
<rect x="${(bedside ? 80 : 40) - 20}" y="128" width="40" height="8" rx="4" fill="${brass.fill}"/>
<path d="${arm}" stroke="#8c6d33" stroke-width="5" stroke-linecap="round" fill="none"/>
<path d="M${shadeX - 24} ${shadeY + 34}L${shadeX - 12} ${shadeY}H${shadeX + 12}L${shadeX + 24} ${shadeY + 34}Z" fill="#efe6d4" stroke="#a08d6a"/>
<ellipse cx="${shadeX}" cy="${shadeY + 36}" rx="16" ry="4" fill="#ffe9a8" opacity="0.9"/>`);
}

function backBox(gangs) {
  const w = gangs === 1 ? 56 : 92;
  const x = 80 - w / 2 - 8;
  const body = '#7f8c99';
  return svg(`<path d="M${x} 50h${w}l16 -14h-${w}z" fill="${tint(body, 0.3)}" stroke="#4b5560"/>
<path d="M${x + w} 50l16 -14v70l-16 14z" fill="${tint(body, -0.25)}" stroke="#4b5560"/>
<rect x="${x}" y="50" width="${w}" height="70" fill="${body}" stroke="#4b5560"/>
<rect x="${x + 6}" y="56" width="${w - 12}" height="58" fill="${tint(body, -0.45)}"/>
${Array.from({ length: gangs }, (_, i) => `<circle cx="${x + (w / (gangs + 1)) * (i + 1)}" cy="112" r="5" fill="${tint(body, 0.2)}" stroke="#4b5560"/>`).join('')}
<circle cx="${x + 10}" cy="60" r="3" fill="#d9dde2"/><circle cx="${x + w - 10}" cy="60" r="3" fill="#d9dde2"/>`);
}

function sampleKit(colors) {
  let fan = '';
  colors.forEach((c, i) => {
    const m = metal(c);
    const a = -30 + (60 / (colors.length - 1)) * i;
    fan += `<defs>${m.def}</defs><g transform="rotate(${a} 80 140)"><rect x="62" y="30" width="36" height="100" rx="6" fill="${m.fill}" stroke="${tint(c, -0.45)}"/><circle cx="80" cy="120" r="4" fill="#f4f1ec"/></g>`;
  });
  return svg(fan);
}

function engravingPlate() {
  const m = metal('#a7a9ac');
  return svg(`<defs>${m.def}</defs>${shadow(32, 40, 96, 80)}<rect x="32" y="40" width="96" height="80" rx="8" fill="${m.fill}" stroke="#6c6e70"/>
<text x="80" y="74" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="13" font-weight="700" letter-spacing="2" fill="#2b2b2b">LIGHTS</text>
<text x="80" y="100" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="13" font-weight="700" letter-spacing="2" fill="#2b2b2b">SHADES</text>`);
}

function decora(gangs) {
  const m = metal('#ece9e2');
  const w = gangs === 1 ? 70 : 110;
  const x = 80 - w / 2;
  let rockers = '';
  for (let i = 0; i < gangs; i++) {
    const rx = x + (w / gangs) * i + w / gangs / 2 - 14;
    rockers += `<rect x="${rx}" y="42" width="28" height="76" rx="3" fill="#fbfaf7" stroke="#9a968e"/><rect x="${rx + 4}" y="78" width="20" height="2" fill="#cfcbc3"/>`;
  }
  return svg(`<defs>${m.def}</defs>${shadow(x, 22, w, 116)}<rect x="${x}" y="22" width="${w}" height="116" rx="8" fill="${m.fill}" stroke="#9a968e"/>${rockers}`);
}

// ------------------------------------------------------------------------------ Nordvik Millwork
/** Wood: a base colour with darker grain lines, vertical or horizontal, in a box. */
function grain(x, y, w, h, wood, vertical = true, seed = 1) {
  let lines = '';
  for (let i = 0; i < 9; i++) {
    const t = ((i * 37 + seed * 13) % 97) / 97;
    const o = 0.18 + t * 0.25;
    if (vertical) {
      const gx = x + (w / 9) * (i + 0.5) + (t - 0.5) * 6;
      lines += `<path d="M${gx} ${y}C${gx + 4} ${y + h * 0.3} ${gx - 4} ${y + h * 0.6} ${gx + 2} ${y + h}" stroke="${tint(wood, -0.35)}" stroke-width="${1 + t}" fill="none" opacity="${o}"/>`;
    } else {
      const gy = y + (h / 9) * (i + 0.5) + (t - 0.5) * 6;
      lines += `<path d="M${x} ${gy}C${x + w * 0.3} ${gy + 4} ${x + w * 0.6} ${gy - 4} ${x + w} ${gy + 2}" stroke="${tint(wood, -0.35)}" stroke-width="${1 + t}" fill="none" opacity="${o}"/>`;
    }
  }
  const c = id('c');
  return `<defs><clipPath id="${c}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath></defs><g clip-path="url(#${c})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${wood}"/>${lines}</g>`;
}

function woodSwatch(wood, overlay) {
  return svg(`${grain(0, 0, 160, 160, wood, true, wood.length)}${overlay ? `<rect width="160" height="160" fill="${overlay.color}" opacity="${overlay.opacity}"/>` : ''}`, { bg: wood });
}

function door(wood, style) {
  const x = 46;
  const y = 14;
  const w = 68;
  const h = 136;
  let face = grain(x, y, w, h, wood, true, 3);
  if (style === 'lamella') for (let i = 1; i < 6; i++) face += `<rect x="${x + (w / 6) * i - 1}" y="${y}" width="2" height="${h}" fill="${tint(wood, -0.4)}" opacity="0.6"/>`;
  if (style === 'twoPanel') face += `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="54" fill="none" stroke="${tint(wood, -0.4)}" stroke-width="3"/><rect x="${x + 10}" y="${y + 72}" width="${w - 20}" height="54" fill="none" stroke="${tint(wood, -0.4)}" stroke-width="3"/>`;
  if (style === 'fivePanel') for (let i = 0; i < 5; i++) face += `<rect x="${x + 10}" y="${y + 8 + i * 25}" width="${w - 20}" height="20" fill="none" stroke="${tint(wood, -0.4)}" stroke-width="2.5"/>`;
  if (style === 'barn') face += `<path d="M${x + 4} ${y + 4}H${x + w - 4}M${x + 4} ${y + h - 4}H${x + w - 4}M${x + 6} ${y + h - 6}L${x + w - 6} ${y + 6}" stroke="${tint(wood, -0.45)}" stroke-width="6"/><rect x="${x - 10}" y="${y - 8}" width="${w + 20}" height="5" rx="2" fill="#333"/>`;
  const handle = style === 'barn' ? `<rect x="${x + 8}" y="${y + 60}" width="4" height="22" rx="2" fill="#333"/>` : `<circle cx="${x + w - 9}" cy="${y + 72}" r="3.5" fill="#3d3a36"/>`;
  return svg(`<rect x="${x - 6}" y="${y - 6}" width="${w + 12}" height="${h + 6}" fill="#e7e2da" stroke="#a39d94"/>${face}<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${tint(wood, -0.5)}"/>${handle}<rect x="0" y="150" width="160" height="10" fill="#cfc7bb"/>`);
}

function cabinetFront(wood, style) {
  let face = '';
  for (let i = 0; i < 2; i++) {
    const x = 22 + i * 60;
    face += grain(x, 22, 56, 116, wood, true, i + 5);
    if (style === 'lamella' || style === 'slats') {
      const n = style === 'slats' ? 7 : 5;
      for (let k = 1; k < n; k++) face += `<rect x="${x + (56 / n) * k - (style === 'slats' ? 2 : 1)}" y="22" width="${style === 'slats' ? 4 : 2}" height="116" fill="${style === 'slats' ? '#2b2622' : tint(wood, -0.4)}" opacity="${style === 'slats' ? 0.85 : 0.6}"/>`;
    }
    if (style === 'shaker') face += `<rect x="${x + 8}" y="30" width="40" height="100" fill="none" stroke="${tint(wood, -0.4)}" stroke-width="3"/>`;
    face += `<rect x="${x}" y="22" width="56" height="116" fill="none" stroke="${tint(wood, -0.5)}"/>`;
    if (style !== 'slats') face += `<rect x="${i === 0 ? x + 46 : x + 6}" y="66" width="4" height="26" rx="2" fill="#3d3a36"/>`;
  }
  return svg(face);
}

function flooring(wood, pattern) {
  let tiles = '';
  const plank = (x, y, w, h, k, rot = 0) => {
    const c = tint(wood, ((k * 29) % 7) / 40 - 0.08);
    return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${c}" stroke="${tint(wood, -0.4)}" stroke-width="1" transform="rotate(${rot} ${x} ${y})"/>`;
  };
  let k = 0;
  if (pattern === 'straight') {
    for (let r = 0; r < 7; r++) {
      const off = (r % 3) * 40;
      for (let c = -1; c < 3; c++) tiles += plank(c * 90 + off, r * 24, 90, 24, k++);
    }
  } else if (pattern === 'herringbone') {
    // Columns of planks at 45°, each column leaning the other way and half a plank lower: the steps of a herringbone.
    for (let c = 0; c < 8; c++)
      for (let r = -2; r < 12; r++) {
        const x = c * 22;
        const y = r * 16 + (c % 2) * 8;
        const d = c % 2 ? `M${x} ${y}l22 22v16l-22 -22z` : `M${x} ${y + 22}l22 -22v16l-22 22z`;
        tiles += `<path d="${d}" fill="${tint(wood, ((k++ * 29) % 7) / 40 - 0.08)}" stroke="${tint(wood, -0.4)}"/>`;
      }
  } else {
    for (let r = -1; r < 12; r++)
      for (let c = 0; c < 5; c++) {
        const x = c * 36;
        const y = r * 16;
        tiles += `<path d="M${x} ${y}l18 10l18 -10v14l-18 10l-18 -10z" fill="${tint(wood, ((k++ * 29) % 7) / 40 - 0.08)}" stroke="${tint(wood, -0.4)}"/>`;
      }
  }
  const c = id('c');
  return svg(`<defs><clipPath id="${c}"><rect width="160" height="160"/></clipPath></defs><g clip-path="url(#${c})">${tiles}</g>`, { bg: wood });
}

// ------------------------------------------------------------------------------ Halden, Overture
function pendant(finish) {
  const m = metal(finish);
  return svg(`<defs>${m.def}</defs><path d="M80 0V56" stroke="#2b2b2b" stroke-width="2"/><path d="M44 104L64 56H96L116 104Z" fill="${m.fill}" stroke="${tint(finish, -0.4)}"/><ellipse cx="80" cy="106" rx="24" ry="6" fill="#fff1b8"/><path d="M40 150l40 -40l40 40z" fill="#fff6d0" opacity="0.35"/>`);
}

function sconce(finish) {
  const m = metal(finish);
  return svg(`<defs>${m.def}</defs><rect x="66" y="50" width="28" height="60" rx="4" fill="${m.fill}" stroke="${tint(finish, -0.4)}"/><path d="M94 78h16" stroke="${tint(finish, -0.3)}" stroke-width="4"/><path d="M100 58h30l-6 34h-18z" fill="#f4efe4" stroke="#a39d94"/><ellipse cx="115" cy="94" rx="10" ry="3" fill="#fff1b8"/>`);
}

function trackSpot() {
  return svg(`<rect x="10" y="30" width="140" height="8" rx="3" fill="#2f2f2f"/><path d="M60 38v16M106 38v16" stroke="#2f2f2f" stroke-width="4"/><g transform="rotate(25 60 70)"><rect x="46" y="54" width="28" height="44" rx="6" fill="#3a3a3a"/><ellipse cx="60" cy="98" rx="12" ry="4" fill="#fff1b8"/></g><g transform="rotate(-20 106 70)"><rect x="92" y="54" width="28" height="44" rx="6" fill="#3a3a3a"/><ellipse cx="106" cy="98" rx="12" ry="4" fill="#fff1b8"/></g>`);
}

function controlPanel(kind) {
  if (kind === 'sensor') {
    return svg(`<circle cx="80" cy="84" r="48" fill="#eef0f2" stroke="#9aa1a8"/><circle cx="80" cy="84" r="22" fill="#d4d8dc"/><circle cx="80" cy="84" r="8" fill="#2b3036"/><path d="M40 34a56 56 0 0 1 80 0M52 48a38 38 0 0 1 56 0" stroke="#5b8cc0" stroke-width="3" fill="none" stroke-linecap="round"/>`);
  }
  const w = kind === 'touch' ? 116 : 96;
  const x = 80 - w / 2;
  let ui = '';
  if (kind === 'touch') ui = `<rect x="${x + 14}" y="48" width="40" height="26" rx="4" fill="#3b82c4"/><rect x="${x + 62}" y="48" width="40" height="26" rx="4" fill="#4a5563"/><rect x="${x + 14}" y="82" width="88" height="12" rx="3" fill="#4a5563"/><rect x="${x + 14}" y="100" width="60" height="8" rx="3" fill="#6b7280"/>`;
  else ui = `<circle cx="80" cy="80" r="16" fill="none" stroke="#9bd1ff" stroke-width="3"/><rect x="${x + 16}" y="106" width="64" height="6" rx="3" fill="#6b7280"/>`;
  return svg(`${shadow(x, 36, w, 88)}<rect x="${x}" y="36" width="${w}" height="88" rx="8" fill="#1f2328"/><rect x="${x + 6}" y="42" width="${w - 12}" height="76" rx="4" fill="#2b3038"/>${ui}`);
}

// ------------------------------------------------------------------------------ Calico Murals
function mural(scene, size = 160) {
  if (scene === 'birch') {
    let trees = '';
    [14, 38, 70, 96, 128, 146].forEach((x, i) => {
      const w = 8 + (i % 3) * 3;
      trees += `<rect x="${x}" y="0" width="${w}" height="160" fill="#f3f1ea"/>`;
      for (let k = 0; k < 6; k++) trees += `<rect x="${x + (k % 2) * 2}" y="${12 + k * 26 + i * 3}" width="${w * 0.6}" height="3" rx="1.5" fill="#3b3a36"/>`;
    });
    return svg(`<rect width="160" height="160" fill="#cfe0c3"/><rect y="110" width="160" height="50" fill="#9fbf8a"/><circle cx="30" cy="40" r="30" fill="#b5d19d" opacity="0.8"/><circle cx="120" cy="30" r="40" fill="#a9c98f" opacity="0.8"/>${trees}`, { size });
  }
  if (scene === 'fog') {
    return svg(`<rect width="160" height="160" fill="#dbe4ea"/><path d="M0 80L30 60L60 78L100 50L160 74V160H0Z" fill="#9fb3c2"/><rect y="82" width="160" height="14" fill="#eef3f6" opacity="0.8"/><path d="M0 110L40 92L80 108L120 88L160 104V160H0Z" fill="#6f8aa0"/><rect y="118" width="160" height="10" fill="#eef3f6" opacity="0.7"/><path d="M0 136Q80 124 160 138V160H0Z" fill="#4b6478"/>`, { size });
  }
  if (scene === 'panorama') {
    return svg(`<rect width="160" height="160" fill="#f6c9a0"/><circle cx="110" cy="70" r="22" fill="#fbe3a4"/><path d="M0 100L36 62L62 86L96 50L130 84L160 66V160H0Z" fill="#8b6f8e"/><path d="M0 122L50 96L90 116L130 98L160 112V160H0Z" fill="#5d4a6b"/>`, { size });
  }
  if (scene === 'swatches') {
    return svg(`<g transform="rotate(-12 80 80)"><rect x="30" y="30" width="70" height="90" rx="4" fill="#cfe0c3" stroke="#8aa37a"/></g><g transform="rotate(4 80 80)"><rect x="46" y="34" width="70" height="90" rx="4" fill="#9fb3c2" stroke="#6f8aa0"/></g><g transform="rotate(16 80 80)"><rect x="60" y="40" width="70" height="90" rx="4" fill="#f6c9a0" stroke="#b58a66"/><path d="M60 100l20 -18l16 12l20 -20l14 14v42h-70z" fill="#8b6f8e"/></g>`);
  }
  // The fallback design: a plain repeating pattern.
  let dots = '';
  for (let r = 0; r < 8; r++) for (let c = 0; c < 8; c++) dots += `<circle cx="${10 + c * 20 + (r % 2) * 10}" cy="${10 + r * 20}" r="4" fill="#c9b8a6"/>`;
  return svg(`<rect width="160" height="160" fill="#efe7dd"/>${dots}`, { size });
}

function metalSwatch(hex) {
  const m = metal(hex);
  let brush = '';
  for (let i = 0; i < 20; i++) brush += `<path d="M0 ${i * 8 + 3}H160" stroke="#fff" stroke-width="1" opacity="${0.04 + (i % 3) * 0.03}"/>`;
  return svg(`<defs>${m.def}</defs><rect width="160" height="160" fill="${m.fill}"/>${brush}`, { bg: hex });
}

function paintSwatch(kind) {
  if (kind === 'custom') {
    const colors = ['#c0392b', '#e67e22', '#f1c40f', '#27ae60', '#2980b9', '#8e44ad'];
    return svg(colors.map((c, i) => `<path d="M80 80L${80 + 110 * Math.cos((i * Math.PI) / 3)} ${80 + 110 * Math.sin((i * Math.PI) / 3)}A110 110 0 0 1 ${80 + 110 * Math.cos(((i + 1) * Math.PI) / 3)} ${80 + 110 * Math.sin(((i + 1) * Math.PI) / 3)}Z" fill="${c}"/>`).join('') + '<circle cx="80" cy="80" r="26" fill="#f4f1ec"/>');
  }
  return '';
}

// ------------------------------------------------------------------------------ the list
const WOOD = { whiteOak: '#dcc39a', walnut: '#7a5236', smokedOak: '#9a7a55', larch: '#b9875a', euroOak: '#c9a878', ash: '#e3d3b5' };
const FINISH = { satinNickel: '#b8b5ad', satinBrass: '#b59a5b', bronze: '#6b4f32', paint: '#f2efe8', polishedBrass: '#d4b26a', steel: '#a7a9ac', black: '#2a2a2a', oiledBronze: '#5a3d28', agedBrass: '#b08d57' };

/** name → SVG. The seed (api/src/demo/media.ts) names these files. */
const PICTURES = {
  // categories
  'category-keypads': keypad(FINISH.satinBrass, 2, 2),
  'category-floor-outlets': floorOutlet(false),
  'category-wall-outlets': duplexPlate(FINISH.steel),
  'category-reading-lamps': readingLamp(false),
  'category-back-boxes': backBox(2),
  'category-samples': sampleKit([FINISH.satinNickel, FINISH.satinBrass, FINISH.bronze, FINISH.black, FINISH.polishedBrass]),
  'category-decora-plates': decora(2),
  'category-flooring': flooring(WOOD.euroOak, 'straight'),
  'category-slab-doors': door(WOOD.whiteOak, 'lamella'),
  'category-cabinet-fronts': cabinetFront(WOOD.walnut, 'lamella'),
  'category-lights': pendant(FINISH.agedBrass),
  'category-doors': door('#e9e4da', 'fivePanel'),
  'category-overture': controlPanel('touch'),
  'category-murals': mural('birch'),
  'category-mural-samples': mural('swatches'),
  // products
  'product-crestnet-keypad': keypad(FINISH.satinBrass, 2, 1),
  'product-classique-keypad': keypad(FINISH.satinNickel, 2, 2),
  'product-damier-keypad': keypad(FINISH.black, 3, 2, '#d9d6cf'),
  'product-solaris-keypad': keypad(FINISH.polishedBrass, 1, 2),
  'product-ellipse-keypad': keypad(FINISH.steel, 2, 2),
  'product-flush-floor-outlet': floorOutlet(false),
  'product-popup-floor-outlet': floorOutlet(true),
  'product-duplex-outlet-plate': duplexPlate(FINISH.polishedBrass),
  'product-usb-c-wall-outlet': usbOutlet(FINISH.steel),
  'product-swing-arm-lamp': readingLamp(false),
  'product-bedside-lamp': readingLamp(true),
  'product-single-back-box': backBox(1),
  'product-double-back-box': backBox(2),
  'product-finish-sample-kit': sampleKit([FINISH.satinNickel, FINISH.satinBrass, FINISH.bronze, FINISH.black, FINISH.polishedBrass]),
  'product-engraving-sample-plate': engravingPlate(),
  'product-decora-1-gang': decora(1),
  'product-decora-2-gang': decora(2),
  'product-oak-plank-flooring': flooring(WOOD.euroOak, 'straight'),
  'product-walnut-herringbone': flooring(WOOD.walnut, 'herringbone'),
  'product-ash-chevron': flooring(WOOD.ash, 'chevron'),
  'product-lamella-slab-door': door(WOOD.whiteOak, 'lamella'),
  'product-flush-slab-door': door(WOOD.smokedOak, 'flush'),
  'product-lamella-cabinet-front': cabinetFront(WOOD.walnut, 'lamella'),
  'product-shaker-cabinet-front': cabinetFront(WOOD.whiteOak, 'shaker'),
  'product-acoustic-slat-panel': cabinetFront(WOOD.smokedOak, 'slats'),
  'product-halden-pendant': pendant(FINISH.agedBrass),
  'product-halden-sconce': sconce(FINISH.agedBrass),
  'product-track-spot': trackSpot(),
  'product-interior-panel-door': door('#e9e4da', 'twoPanel'),
  'product-barn-door': door(WOOD.smokedOak, 'barn'),
  'product-overture-control-panel': controlPanel('panel'),
  'product-overture-touchscreen': controlPanel('touch'),
  'product-overture-sensor': controlPanel('sensor'),
  'product-custom-wall-mural': mural('birch'),
  'product-panoramic-mural': mural('panorama'),
  'product-mural-swatch-set': mural('swatches'),
  // option swatches
  'finish-satin-nickel': metalSwatch(FINISH.satinNickel),
  'finish-satin-brass': metalSwatch(FINISH.satinBrass),
  'finish-antique-bronze': metalSwatch(FINISH.bronze),
  'finish-custom-paint': paintSwatch('custom'),
  'finish-polished-brass': metalSwatch(FINISH.polishedBrass),
  'finish-brushed-steel': metalSwatch(FINISH.steel),
  'finish-matte-black': metalSwatch(FINISH.black),
  'finish-oiled-bronze': metalSwatch(FINISH.oiledBronze),
  'species-white-oak': woodSwatch(WOOD.whiteOak),
  'species-american-walnut': woodSwatch(WOOD.walnut),
  'species-smoked-oak': woodSwatch(WOOD.smokedOak),
  'species-fumed-larch': woodSwatch(WOOD.larch),
  'species-european-oak': woodSwatch(WOOD.euroOak),
  'species-walnut': woodSwatch(WOOD.walnut),
  'species-ash': woodSwatch(WOOD.ash),
  'floor-finish-natural-oil': woodSwatch(WOOD.euroOak, { color: '#b07a2a', opacity: 0.18 }),
  'floor-finish-matt-lacquer': woodSwatch(WOOD.euroOak, { color: '#ffffff', opacity: 0.12 }),
  'floor-finish-white-wash': woodSwatch(WOOD.euroOak, { color: '#ffffff', opacity: 0.5 }),
  'mural-birch-forest': mural('birch'),
  'mural-coastal-fog': mural('fog'),
  'mural-fallback': mural('fallback'),
};

fs.mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.PDF_CHROMIUM_PATH || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 160, height: 160 }, deviceScaleFactor: 1 });
  for (const [name, picture] of Object.entries(PICTURES)) {
    await page.setContent(`<!doctype html><html><body style="margin:0">${picture}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(OUT, `${name}.png`) });
  }
} finally {
  await browser.close();
}
console.log(`${Object.keys(PICTURES).length} pictures in ${path.relative(process.cwd(), OUT)}`);
