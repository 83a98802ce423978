import { Body, Param, Post, Put } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AdminModule } from '@circo/shared-contracts';
import { ModuleBodyDto, OrderBodyDto } from '../admin/admin-bodies.dto.js';
import { UuidPipe } from '../../../common/pipes/uuid.pipe.js';
import { FormationAdminService } from './formation-admin.service.js';
import { FormationClassesAdminService } from '../classes/formation-classes-admin.service.js';
import { CatalogueAdminController, ChildAdminRoutes } from '../admin/admin-routes.js';

/** Admin writes of formation modules. */
@CatalogueAdminController('modules', 'admin: formations')
export class ModulesAdminController extends ChildAdminRoutes(ModuleBodyDto)<AdminModule> {
  constructor(
    private readonly formations: FormationAdminService,
    private readonly classes: FormationClassesAdminService,
  ) {
    super({
      /** Updates a module of a formation. */
      update: (id, body) => formations.updateModule(id, body),
      /** Deletes a module and its classes. */
      remove: (id) => formations.removeModule(id),
      /** Switches a module on or off in one language. */
      toggle: (id, lang) => formations.toggleModuleVisibility(id, lang),
    });
  }

  @Post()
  @ApiOperation({ summary: 'Add a module at the end of its formation (formationId required)' })
  create(@Body() body: ModuleBodyDto): Promise<AdminModule> {
    return this.formations.createModule(body);
  }

  @Put(':id/classes/order')
  @ApiOperation({ summary: 'Reorder the classes of a module: every class id once, in order' })
  reorder(
    @Param('id', UuidPipe) id: string,
    @Body() body: OrderBodyDto,
  ): Promise<AdminModule['classes']> {
    return this.classes.reorder(id, body.ids);
  }
}
