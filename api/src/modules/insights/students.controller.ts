import { Body, Controller, Delete, Get, Header, Param, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { StudentDetail, StudentsPage } from '@circo/shared-contracts';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { GrantAccessDto } from './dto/grant-access.dto.js';
import { StudentsQueryDto } from './dto/students-query.dto.js';
import { StudentsService } from './students.service.js';

@ApiTags('admin: business')
@Controller('admin')
@Auth('admin')
export class StudentsController {
  constructor(private readonly students: StudentsService) {}

  @Get('students')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: 'Students (accounts of role user) by name or e-mail, 20 a page' })
  list(@Query() q: StudentsQueryDto): Promise<StudentsPage> {
    return this.students.list(q.q, q.page);
  }

  @Get('students.csv')
  @Header('Cache-Control', 'private, no-store')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="alumnos.csv"')
  @ApiOperation({ summary: "Every student matching q, as CSV in the admin's language (lang)" })
  listCsv(@Query() q: StudentsQueryDto): Promise<string> {
    return this.students.listCsv(q.q, q.lang);
  }

  @Get('students/:id')
  @Header('Cache-Control', 'private, no-store')
  @ApiOperation({ summary: "A student's purchases, payments, progress and access history" })
  detail(@Param('id', UuidPipe) id: string): Promise<StudentDetail> {
    return this.students.detail(id);
  }

  @Post('students/:id/access')
  @ApiOperation({ summary: 'Give (or extend) an item by hand, for N months or until a date' })
  grant(
    @Param('id', UuidPipe) id: string,
    @Body() body: GrantAccessDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<StudentDetail> {
    return this.students.grant(id, body, admin.id);
  }

  @ApiConflictResponse({
    description: 'students.grant_not_admin (a purchase) or students.grant_already_ended',
  })
  @Delete('students/:id/access/:grantId')
  @ApiOperation({ summary: 'End access given by hand, now (the grant stays in the history)' })
  endGrant(
    @Param('id', UuidPipe) id: string,
    @Param('grantId', UuidPipe) grantId: string,
    @CurrentUser() admin: AuthUser,
  ): Promise<StudentDetail> {
    return this.students.endGrant(id, grantId, admin.id);
  }
}
