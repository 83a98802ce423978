import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Post,
  Put,
} from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  COMMON_ERRORS,
  type CourseProgress,
  type FormationProgress,
  type ItemType,
  type Lang,
  type PurchasesResponse,
  type RegisterResponse,
  type UserPreferences,
} from '@circo/shared-contracts';
import { forbidden } from '../../common/errors/app-error.js';
import { Auth, CurrentUser, type AuthUser } from '../auth/index.js';
import { UuidPipe } from '../../common/pipes/uuid.pipe.js';
import { AccountRateLimit, RateLimit } from '../../common/rate-limit/rate-limit.js';
import { ProgressService } from '../progress/index.js';
import { PurchasesService } from '../purchases/index.js';
import { PreferencesDto } from './dto/preferences.dto.js';
import { ProgressDto } from './dto/progress.dto.js';
import { RegisterDto } from './dto/register.dto.js';
import { UsersService } from './users.service.js';

/** `/users/{userId}/...` answers 403 unless userId is the caller (or the caller is an admin). */
function assertSelfOrAdmin(caller: AuthUser, userId: string): void {
  if (caller.id !== userId && caller.role !== 'admin') {
    throw forbidden(COMMON_ERRORS.forbidden, "You cannot change another user's progress");
  }
}

/** A change to a student's progress: signed in, the progress rate limit, 403 as said. */
const ProgressChange = () =>
  applyDecorators(
    Auth(),
    AccountRateLimit('progress'),
    ApiForbiddenResponse({ description: "Another student's progress, or a class without access" }),
  );

@ApiTags('users')
@Controller('users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly purchases: PurchasesService,
    private readonly progress: ProgressService,
  ) {}

  /** Registration. */
  @ApiConflictResponse({ description: 'users.email_taken: an account with this e-mail exists' })
  @Post()
  @RateLimit('register')
  register(@Body() dto: RegisterDto): Promise<RegisterResponse> {
    return this.users.register(dto);
  }

  /** The caller's courses and formations, each with its access expiry (expired ones flagged). */
  @Get('mis-compras')
  @Auth()
  myPurchases(@CurrentUser() user: AuthUser): Promise<PurchasesResponse> {
    return this.purchases.listForUser(user.id);
  }

  /** The caller's preferences (access reminders by e-mail). */
  @ApiNotFoundResponse({ description: 'users.not_found: the account is gone' })
  @Get('me/preferences')
  @Header('Cache-Control', 'private, no-store')
  @Auth()
  preferences(@CurrentUser() user: AuthUser): Promise<UserPreferences> {
    return this.users.preferences(user.id);
  }

  /** Changes the caller's preferences. */
  @ApiNotFoundResponse({ description: 'users.not_found: the account is gone' })
  @Put('me/preferences')
  @Auth()
  setPreferences(
    @CurrentUser() user: AuthUser,
    @Body() dto: PreferencesDto,
  ): Promise<UserPreferences> {
    return this.users.setPreferences(user.id, { reminders: dto.reminders });
  }

  /** Marks a class of a course as done (the student themself, or an admin). */
  @Post(':userId/progreso-curso/:courseId')
  @HttpCode(200)
  @ProgressChange()
  async markCourseClass(
    @CurrentUser() caller: AuthUser,
    @Param('userId', UuidPipe) userId: string,
    @Param('courseId', UuidPipe) courseId: string,
    @Body() dto: ProgressDto,
  ): Promise<CourseProgress> {
    const done = await this.setDone(
      caller,
      userId,
      'course',
      courseId,
      dto.classId.toLowerCase(),
      true,
      dto.lang,
    );
    return { courseId, clasesCompletadas: done };
  }

  /** Marks a class of a course as not done. */
  @Delete(':userId/progreso-curso/:courseId/:classId')
  @ProgressChange()
  async unmarkCourseClass(
    @CurrentUser() caller: AuthUser,
    @Param('userId', UuidPipe) userId: string,
    @Param('courseId', UuidPipe) courseId: string,
    @Param('classId', UuidPipe) classId: string,
  ): Promise<CourseProgress> {
    const done = await this.setDone(caller, userId, 'course', courseId, classId, false);
    return { courseId, clasesCompletadas: done };
  }

  /** Marks a class of a formation as done (the student themself, or an admin). */
  @Post(':userId/progreso-formacion/:formationId')
  @HttpCode(200)
  @ProgressChange()
  async markFormationClass(
    @CurrentUser() caller: AuthUser,
    @Param('userId', UuidPipe) userId: string,
    @Param('formationId', UuidPipe) formationId: string,
    @Body() dto: ProgressDto,
  ): Promise<FormationProgress> {
    const done = await this.setDone(
      caller,
      userId,
      'formation',
      formationId,
      dto.classId.toLowerCase(),
      true,
      dto.lang,
    );
    return { formationId, clasesCompletadas: done };
  }

  /** Marks a class of a formation as not done. */
  @Delete(':userId/progreso-formacion/:formationId/:classId')
  @ProgressChange()
  async unmarkFormationClass(
    @CurrentUser() caller: AuthUser,
    @Param('userId', UuidPipe) userId: string,
    @Param('formationId', UuidPipe) formationId: string,
    @Param('classId', UuidPipe) classId: string,
  ): Promise<FormationProgress> {
    const done = await this.setDone(caller, userId, 'formation', formationId, classId, false);
    return { formationId, clasesCompletadas: done };
  }

  /** Marks a class done or not (403 for another student's progress unless an admin asks). */
  private setDone(
    caller: AuthUser,
    userId: string,
    itemType: ItemType,
    itemId: string,
    classId: string,
    done: boolean,
    lang?: Lang,
  ): Promise<string[]> {
    assertSelfOrAdmin(caller, userId);
    return this.progress.set(caller, userId, itemType, itemId, classId, done, lang);
  }
}
