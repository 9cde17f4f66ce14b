/* global document */
// T1's floor: the smallest page the studio's stack can be, React 19 rendering one enabled, controlled
// textarea with the composer's selector and marking itself ready the way the studio does. Built and
// measured in the same run as T1, it shows how much of T1 is React itself on this machine.
import { createElement, useLayoutEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'

function Floor() {
  const [text, setText] = useState('')
  useLayoutEffect(() => {
    document.documentElement.dataset.appState = 'ready'
  }, [])
  return createElement(
    'main',
    null,
    createElement('textarea', { id: 'chat-prompt', value: text, onChange: (e) => setText(e.target.value) })
  )
}

createRoot(document.getElementById('root')).render(createElement(Floor))
