import { Module } from '@nestjs/common';
import { PurchasesRepository } from './purchases.repository.js';
import { PurchasesService } from './purchases.service.js';

@Module({ providers: [PurchasesRepository, PurchasesService], exports: [PurchasesService] })
export class PurchasesModule {}
