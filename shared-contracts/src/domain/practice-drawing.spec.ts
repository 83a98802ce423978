import { angleDegrees, clipMoment, drawingProblem, roundPoint } from './practice-drawing.js';

describe('the drawings on a frame', () => {
  it('accepts known shapes inside the frame, ends included', () => {
    expect(drawingProblem([])).toBeNull();
    expect(
      drawingProblem([
        {
          kind: 'line',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
        {
          kind: 'arrow',
          points: [
            [0.2, 0.3],
            [0.5, 0.5],
          ],
        },
        {
          kind: 'circle',
          points: [
            [0.5, 0.5],
            [0.6, 0.5],
          ],
        },
        {
          kind: 'angle',
          points: [
            [0.4, 0.2],
            [0.5, 0.5],
            [0.5, 0.9],
          ],
        },
      ]),
    ).toBeNull();
  });

  it('says what is wrong with anything else', () => {
    expect(drawingProblem({})).toBe('shape');
    expect(drawingProblem([null])).toBe('shape');
    expect(
      drawingProblem([
        {
          kind: 'line',
          points: [
            [0, 0],
            [1, 1],
          ],
          color: 'red',
        },
      ]),
    ).toBe('shape');
    expect(drawingProblem([{ kind: 'square', points: [] }])).toBe('kind');
    expect(
      drawingProblem([
        {
          kind: 'angle',
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ]),
    ).toBe('points');
    expect(
      drawingProblem([
        {
          kind: 'line',
          points: [
            [0, 0],
            [1, 'a'],
          ],
        },
      ]),
    ).toBe('points');
    expect(
      drawingProblem([
        {
          kind: 'line',
          points: [
            [0, 0],
            [1, Number.NaN],
          ],
        },
      ]),
    ).toBe('points');
    expect(
      drawingProblem([
        {
          kind: 'line',
          points: [
            [0, 0],
            [1.01, 0.5],
          ],
        },
      ]),
    ).toBe('outside');
    expect(
      drawingProblem([
        {
          kind: 'circle',
          points: [
            [-0.1, 0],
            [0, 0],
          ],
        },
      ]),
    ).toBe('outside');
    expect(
      drawingProblem(
        Array(13).fill({
          kind: 'line',
          points: [
            [0, 0],
            [1, 1],
          ],
        }),
      ),
    ).toBe('tooMany');
  });

  it('measures an angle on the frame as shown', () => {
    expect(
      angleDegrees([
        [0, 0.5],
        [0.5, 0.5],
        [1, 0.5],
      ]),
    ).toBe(180);
    expect(
      angleDegrees([
        [0.5, 0],
        [0.5, 0.5],
        [1, 0.5],
      ]),
    ).toBe(90);
    // 45 degrees on a square frame is not 45 on a 16:9 one
    expect(
      angleDegrees([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toBe(45);
    expect(
      angleDegrees(
        [
          [1, 0],
          [0, 1],
          [1, 1],
        ],
        { width: 16, height: 9 },
      ),
    ).toBe(29);
    expect(
      angleDegrees([
        [0.5, 0.5],
        [0.5, 0.5],
        [1, 1],
      ]),
    ).toBe(0);
  });

  it('rounds points and labels moments', () => {
    expect(roundPoint([0.123456, 0.99999])).toEqual([0.1235, 1]);
    expect(clipMoment(12.7)).toBe('0:12');
    expect(clipMoment(65)).toBe('1:05');
  });
});
