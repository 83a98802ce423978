import { Body, Get, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminPresential } from '@circo/shared-contracts';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { PresentialBodyDto } from './dto/presential-body.dto.js';
import { PresentialAdminService } from './presential-admin.service.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin management of in-person trainings. The public list is GET /presential-formations/presencial. */
@CatalogueAdminController('presential-formations', 'admin: in-person trainings')
export class PresentialAdminController {
  constructor(private readonly presential: PresentialAdminService) {}

  @Get()
  @ApiOperation({ summary: 'Every in-person training, past ones too, latest first' })
  list(): Promise<AdminPresential[]> {
    return this.presential.list();
  }

  /** Creates an in-person training. */
  @Post()
  create(@Body() body: PresentialBodyDto): Promise<AdminPresential> {
    return this.presential.create(body);
  }

  /** Updates an in-person training. */
  @Put(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() body: PresentialBodyDto,
  ): Promise<AdminPresential> {
    return this.presential.update(id, body);
  }

  /** Deletes an in-person training. */
  @DeleteById()
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.presential.remove(id);
  }
}
