import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { AuthGuard } from './auth.guard.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';

@Module({
  imports: [
    UsersModule,
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // a KeyObject, made once: given the string, jsonwebtoken first tries it as a PEM public key
        // on every verify (a thrown and caught error) and only then as a secret; 8% of the API's
        // CPU under the load run (docs/performance.md, launch day)
        secret: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
        // one pinned algorithm; `exp` is always set and checked
        signOptions: { algorithm: 'HS256', expiresIn: config.jwtExpiresIn as never },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [AuthRepository, AuthService, { provide: APP_GUARD, useClass: AuthGuard }],
})
export class AuthModule {}
