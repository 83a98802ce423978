// The bench's reference: a bare NestJS-on-Fastify app whose routes send fixed JSON bytes, read
// from the file named by BARE_BODIES ({ "name": "json text", ... }) and served at GET /bare/<name>.
// Same framework and adapter as the API, none of its work: the ratio API / bare is what the API
// keeps of what Nest on Fastify can do on this machine in this run.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, Header, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES, 'utf8'));

class BareController {
  body(name) {
    return bodies[name];
  }
}
// decorators applied by hand (plain JavaScript)
const method = Object.getOwnPropertyDescriptor(BareController.prototype, 'body');
Header('Content-Type', 'application/json; charset=utf-8')(BareController.prototype, 'body', method);
Get(':name')(BareController.prototype, 'body', method);
Param('name')(BareController.prototype, 'body', 0);
Controller('bare')(BareController);
class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, new FastifyAdapter(), { logger: false });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
