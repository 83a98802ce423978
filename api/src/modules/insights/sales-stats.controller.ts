import { Controller, Get, Header, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { SalesStats } from '@circo/shared-contracts';
import { Auth } from '../auth/index.js';
import { SalesQueryDto } from './dto/sales-query.dto.js';
import { SalesStatsService } from './sales-stats.service.js';

@ApiTags('admin: business')
@Controller('admin/stats')
@Auth('admin')
export class SalesStatsController {
  constructor(private readonly stats: SalesStatsService) {}

  @Get('sales')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({
    summary: 'Revenue, sales, refunds, items, vouchers and new students of a period',
  })
  sales(@Query() q: SalesQueryDto): Promise<SalesStats> {
    return this.stats.sales({ from: q.from, to: q.to, tz: q.tz }, q.groupBy);
  }

  @Get('sales.csv')
  @Header('Cache-Control', 'private, no-store')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @ApiOperation({
    summary: "The sales of a period per bucket, as CSV in the admin's language (lang)",
  })
  async salesCsv(
    @Query() q: SalesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const csv = await this.stats.salesCsv({ from: q.from, to: q.to, tz: q.tz }, q.groupBy, q.lang);
    void reply.header('Content-Disposition', `attachment; filename="ventas-${q.from}-${q.to}.csv"`);
    return csv;
  }
}
