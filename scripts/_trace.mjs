import { chromium } from '@playwright/test';
import { chromiumArgs } from '../e2e/support/chromium.mjs';
import { readFileSync, readdirSync } from 'node:fs';
const traced = process.argv[2] === 'trace';
function parents(){const m=new Map();for(const d of readdirSync('/proc')){if(!/^\d+$/.test(d))continue;try{m.set(+d,+readFileSync(`/proc/${d}/stat`,'utf8').split(') ')[1].split(' ')[1])}catch{}}return m}
function tree(root){const p=parents();let ms=0;const byType={};for(const pid of p.keys()){let q=pid,ok=false;for(;q>1;q=p.get(q)??0)if(q===root){ok=true;break}if(!ok)continue;try{const f=readFileSync(`/proc/${pid}/stat`,'utf8').split(') ')[1].split(' ');const t=(+f[11]+ +f[12]+ +f[13]+ +f[14])*10;ms+=t;const a=readFileSync(`/proc/${pid}/cmdline`,'utf8');const ty=(/--type=([a-z-]+)/.exec(a)||[,'browser'])[1];byType[ty]=(byType[ty]||0)+t}catch{}}return {ms,byType}}
const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const b = await chromium.connect(server.wsEndpoint());
const t0=Date.now();
for (let i = 0; i < 4; i++) {
  const ctx = await b.newContext();
  if (traced) await ctx.tracing.start({ screenshots: true, snapshots: true, sources: true });
  const p = await ctx.newPage();
  for (const path of ['/', '/cursos', '/login', '/formaciones']) {
    await p.goto('http://127.0.0.1:4600' + path);
    await p.locator('#root[data-live]').waitFor({ state: 'attached', timeout: 60000 });
    await p.waitForTimeout(1500);
  }
  if (traced) await ctx.tracing.stop();
  await ctx.close();
}
console.log(traced ? 'trace' : 'plain', Date.now()-t0, JSON.stringify(tree(server.process().pid)));
await b.close(); await server.close();
