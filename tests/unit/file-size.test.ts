import { describe, expect, it } from 'vitest'
import { fileSize } from '~/lib/file-size.ts'

describe('fileSize', () => {
  it('says a size in plain words: bytes, KB, then MB with one decimal', () => {
    expect(fileSize(1)).toBe('1 byte')
    expect(fileSize(812)).toBe('812 bytes')
    expect(fileSize(1024)).toBe('1 KB')
    expect(fileSize(24_700)).toBe('24 KB')
    expect(fileSize(1024 * 1024 - 1)).toBe('1.0 MB')
    expect(fileSize(5 * 1024 * 1024)).toBe('5.0 MB')
    expect(fileSize(1_468_006)).toBe('1.4 MB')
  })
})
