import { describe, expect, it } from 'vitest'
import { dropActionOf, dropTargetOf } from './drop-routing'

describe('where a drop in Images goes', () => {
  it('finds the nearest marked target around the element under the pointer', () => {
    document.body.innerHTML =
      '<div data-drop-target="gallery"><div><span id="thumb"></span><button data-drop-target="editor" id="edit">Edit</button></div></div><p id="form"></p>'
    expect(dropTargetOf(document.getElementById('thumb'))).toBe('gallery')
    expect(dropTargetOf(document.getElementById('edit'))).toBe('editor')
    expect(dropTargetOf(document.getElementById('form'))).toBe('images')
    expect(dropTargetOf(null)).toBe('images')
  })

  it('imports a file on the gallery and opens it anywhere else; opens a gallery image except on the gallery', () => {
    expect(dropActionOf('gallery', { kind: 'file' })).toBe('import')
    expect(dropActionOf('editor', { kind: 'file' })).toBe('open-file')
    expect(dropActionOf('images', { kind: 'file' })).toBe('open-file')
    expect(dropActionOf('editor', { kind: 'gallery-item' })).toBe('open-item')
    expect(dropActionOf('gallery', { kind: 'gallery-item' })).toBe('ignore')
    expect(dropActionOf('editor', { kind: 'none' })).toBe('ignore')
  })
})
