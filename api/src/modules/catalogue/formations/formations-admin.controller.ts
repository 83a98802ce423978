import { Body, Get, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminFormation, VisibilityResult } from '@circo/shared-contracts';
import { OrderBodyDto, VisibilityBodyDto } from '../admin/admin-bodies.dto.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { FormationBodyDto } from './dto/formation-body.dto.js';
import { FormationAdminService } from './formation-admin.service.js';
import { CatalogueAdminController, DeleteById } from '../admin/admin-routes.js';

/** Admin writes of online formations (admin spec section 7). Every route: admins only. */
@CatalogueAdminController('formations', 'admin: formations')
export class FormationsAdminController {
  constructor(private readonly formations: FormationAdminService) {}

  @Get('admin')
  @ApiOperation({ summary: 'Every formation -> modules -> class titles, in every language' })
  list(): Promise<AdminFormation[]> {
    return this.formations.list();
  }

  /** Creates a formation. */
  @Post()
  create(@Body() body: FormationBodyDto): Promise<AdminFormation> {
    return this.formations.create(body);
  }

  /** Updates a formation. */
  @Put(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() body: FormationBodyDto,
  ): Promise<AdminFormation> {
    return this.formations.update(id, body);
  }

  @ApiConflictResponse({ description: 'common.in_use: someone has had access to the formation' })
  @DeleteById()
  @ApiOperation({
    summary: 'Delete a formation with its modules, classes and files (409 with buyers)',
  })
  remove(@Param('id', UuidPipe) id: string): Promise<void> {
    return this.formations.remove(id);
  }

  /** Switches the formation on or off in one language. */
  @Patch(':id/visibility/language')
  toggle(
    @Param('id', UuidPipe) id: string,
    @Body() body: VisibilityBodyDto,
  ): Promise<VisibilityResult> {
    return this.formations.toggleVisibility(id, body.language);
  }

  @Put(':id/modules/order')
  @ApiOperation({ summary: 'Reorder the modules: every module id once, in the new order' })
  reorder(@Param('id', UuidPipe) id: string, @Body() body: OrderBodyDto): Promise<AdminFormation> {
    return this.formations.reorderModules(id, body.ids);
  }
}
