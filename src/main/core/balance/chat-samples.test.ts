import { describe, expect, it } from 'vitest'
import { chatEstimate } from '@shared/domain/chat-estimate'
import { tempDirs } from '../testing/temp-dirs'
import { openClockedLog, snap } from './testing/generation-log'

const tempDir = tempDirs()

describe('the chat answers an estimate per token rests on', () => {
  it('are the measured answers of the model with their tokens; refunds, answers without tokens and other models are left out', async () => {
    const { log, at } = await openClockedLog(tempDir('chatlog-'))
    const answer = (t: number, model: string, tokens?: { input: number; output: number; total: number }) => {
      at(t)
      log.record({ profileId: 'p', kind: 'chat', model, ...(tokens ? { tokens } : {}) })
    }
    // 1) 100 tokens, exactly 200 units.
    answer(1500, 'chat-a', { input: 80, output: 20, total: 100 })
    log.attribute('p', snap(1000, 0), snap(2000, 200))
    // 2) The balance went back (a refund): no cost is known, so it is no sample.
    answer(2500, 'chat-a', { input: 80, output: 20, total: 100 })
    log.attribute('p', snap(2000, 200), snap(3000, 100))
    // 3) Two answers of the model shared one interval (600 units for 300 tokens together).
    answer(3200, 'chat-a', { input: 50, output: 50, total: 100 })
    answer(3400, 'chat-a', { input: 150, output: 50, total: 200 })
    log.attribute('p', snap(3000, 100), snap(4000, 700))
    // 4) An answer whose gateway reported no usage, and another model's answer.
    answer(4500, 'chat-a')
    log.attribute('p', snap(4000, 700), snap(5000, 800))
    answer(5500, 'chat-b', { input: 10, output: 10, total: 20 })
    log.attribute('p', snap(5000, 800), snap(6000, 2800))

    const samples = log.chatSamples('p', 'chat-a')
    expect(samples.map((s) => [s.cost, s.total])).toEqual([
      [300, 200],
      [300, 100],
      [200, 100]
    ])
    // Pooled: 800 units over 400 tokens = 2 a token; the send's 100 tokens plus the usual answer's 50.
    expect(chatEstimate(samples, 100)).toMatchObject({ cost: 300, tokens: 150, basedOn: 3 })
    // A renamed model's earlier name counts as its own history.
    expect(log.chatSamples('p', 'chat-a2', ['chat-a'])).toHaveLength(3)
    expect(log.chatSamples('p', 'chat-c')).toEqual([])
    log.close()
  })
})
