import { Global, Module } from '@nestjs/common';
import { TransactionHost } from './transactions.js';

/** Provides TransactionHost to every module. */
@Global()
@Module({ providers: [TransactionHost], exports: [TransactionHost] })
export class TransactionsModule {}
