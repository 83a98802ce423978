import {
  answersCacheName,
  bearerSubject,
  downloadsCacheName,
  fileKey,
  isEntryPath,
  isHashedAssetPath,
  isPrivateFilePath,
  isStudentAnswerPath,
} from './offline';

const ID = '0b6e2c2e-6a55-4c3a-9d8e-2f1f0a7c9b10';
const token = (claims: object) =>
  `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('the offline caches', () => {
  it("names an account's caches by its id, whatever its case", () => {
    expect(downloadsCacheName(ID.toUpperCase())).toBe(`circo-offline-${ID}`);
    expect(answersCacheName(ID)).toBe(`circo-answers-${ID}`);
  });

  it('keys a private file by its address without the signature, which expires', () => {
    expect(fileKey(`https://circo.test/api/files/private/videos/${ID}.mp4?exp=1&sig=ab`)).toBe(
      `https://circo.test/api/files/private/videos/${ID}.mp4`,
    );
  });

  it('tells the worker which requests are which', () => {
    expect(isPrivateFilePath(`/api/files/private/videos/${ID}.mp4`)).toBe(true);
    expect(isPrivateFilePath(`/api/files/stamped/pdfs/${ID}.pdf`)).toBe(true);
    expect(isPrivateFilePath('/api/files/private/../../secret')).toBe(false);
    expect(isPrivateFilePath('/api/files/stamped/../../secret')).toBe(false);
    expect(isPrivateFilePath('/api/files/public/a.png')).toBe(false);
    expect(isStudentAnswerPath(`/api/learning/courses/${ID}`)).toBe(true);
    expect(isStudentAnswerPath(`/api/upload/video/${ID}/0/es`)).toBe(true);
    expect(isStudentAnswerPath(`/api/cloudinary/pdf-curso-privado/${ID}/1/fr`)).toBe(true);
    expect(isStudentAnswerPath('/api/admin/students')).toBe(false);
    expect(isStudentAnswerPath('/api/payments')).toBe(false);
    expect(isEntryPath('/remotes.json')).toBe(true);
    expect(isEntryPath('/remotes/mf-catalog/remoteEntry.js')).toBe(true);
    expect(isEntryPath('/remotes/mf-catalog/mf-manifest.json')).toBe(true);
    expect(isEntryPath('/remotes/mf-catalog/123.0a1b2c3d.js')).toBe(false);
    expect(isHashedAssetPath('/remotes/mf-catalog/123.0a1b2c3d.js')).toBe(true);
    expect(isHashedAssetPath('/bootstrap.0a1b2c3d.css')).toBe(true);
    expect(isHashedAssetPath('/sw.js')).toBe(false);
    expect(isHashedAssetPath('/remotes/mf-catalog/remoteEntry.js')).toBe(false);
  });

  it("reads a bearer token's account id, and nothing from a malformed one", () => {
    expect(bearerSubject(token({ sub: ID.toUpperCase(), role: 'user' }))).toBe(ID);
    expect(bearerSubject(token({ sub: 'admin' }))).toBeNull();
    expect(bearerSubject(token({ role: 'user' }))).toBeNull();
    expect(bearerSubject('Bearer not.a-token')).toBeNull();
    expect(bearerSubject('Bearer a.%%%.c')).toBeNull();
    expect(bearerSubject(null)).toBeNull();
  });
});
