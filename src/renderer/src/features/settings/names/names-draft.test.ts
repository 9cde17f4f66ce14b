import { describe, expect, it } from 'vitest'
import { STANDIN_NAMES } from '@shared/domain/gateway-names'
import { parseNamesFile } from '@shared/domain/gateway-names-schema'
import {
  assignModel,
  checkDraft,
  draftFamiliesOf,
  draftToFile,
  EMPTY_RULE,
  namesToDraft,
  problemField
} from './names-draft'

describe('names draft', () => {
  it('round-trips the stand-ins through the editor and the names file exactly', () => {
    const checked = checkDraft(namesToDraft(STANDIN_NAMES))
    expect(checked).toEqual({ ok: true, names: STANDIN_NAMES })
    expect(parseNamesFile(JSON.stringify(draftToFile(namesToDraft(STANDIN_NAMES))))).toEqual({
      ok: true,
      names: STANDIN_NAMES
    })
  })

  it('reads one model per line (or comma), trims and drops repeats; rule lists and numbers as typed', () => {
    const d = namesToDraft(STANDIN_NAMES)
    d.models.vidq = ' clip-a \n\nclip-b, clip-a\n'
    d.rules = [
      { ...EMPTY_RULE, model: 'clip-a', forcedSeconds: '8', aspectRatios: '16:9, 21:9', voiceIdHasEffect: 'no' }
    ]
    const checked = checkDraft(d)
    if (!checked.ok) throw new Error(JSON.stringify(checked.problems))
    expect(checked.names.models.vidq).toEqual(['clip-a', 'clip-b'])
    expect(checked.names.rules).toEqual({
      'clip-a': { forcedSeconds: 8, aspectRatios: ['16:9', '21:9'], voiceIdHasEffect: false }
    })
  })

  it('puts each problem at its field: a path, a header, a rule, an unnamed rule', () => {
    const d = namesToDraft(STANDIN_NAMES)
    d.nativePath = 'imgnative?x=1'
    d.messagesVersionHeader = 'Authorization'
    d.models.gk = 'has space'
    d.rules = [
      { ...EMPTY_RULE, model: 'clip-a', durationMin: '9', durationMax: '3' },
      { ...EMPTY_RULE, forcedSeconds: 'ten' }
    ]
    const checked = checkDraft(d)
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    const fields = checked.problems.map(problemField)
    expect(fields).toEqual(
      expect.arrayContaining(['nativeImage.path', 'messagesVersionHeader', 'models.gk', 'rules.clip-a', 'rules.1'])
    )
  })

  it('assigns a discovered name to a family in one step, once', () => {
    const d = namesToDraft(STANDIN_NAMES)
    expect(draftFamiliesOf(d, 'new-model')).toEqual([])
    const once = assignModel(d, 'kl', 'new-model')
    expect(draftFamiliesOf(once, 'new-model')).toEqual(['kl'])
    expect(assignModel(once, 'kl', 'new-model')).toBe(once)
    expect(
      draftFamiliesOf(
        assignModel(namesToDraft({ ...STANDIN_NAMES, models: { ...STANDIN_NAMES.models, chat: [] } }), 'chat', 'x'),
        'x'
      )
    ).toEqual(['chat'])
  })
})

describe('names file import', () => {
  it('reports every bad field at its path and accepts a file carrying only some families', () => {
    const bad = parseNamesFile(
      JSON.stringify({ version: 2, models: { vidq: ['ok'], videos: [] }, assetPrefix: '/../x', extra: 1 })
    )
    expect(bad.ok).toBe(false)
    if (!bad.ok)
      expect(bad.problems.map((p) => p.field)).toEqual(
        expect.arrayContaining(['extra', 'models.videos', 'version', 'assetPrefix'])
      )
    const partial = parseNamesFile(JSON.stringify({ version: 1, models: { gk: ['framecast'] } }))
    expect(partial.ok && partial.names.models).toMatchObject({ gk: ['framecast'], vidq: [] })
    expect(parseNamesFile('not json')).toMatchObject({
      ok: false,
      problems: [{ field: '', message: expect.stringMatching(/^Not JSON/) }]
    })
  })
})
