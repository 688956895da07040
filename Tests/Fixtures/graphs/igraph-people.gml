Creator "igraph version 1.0.0 Mon Dec  7 09:38:46 2026"
Version 1
graph
[
  directed 1
  node
  [
    id 0
    name "Anna"
    age 31
    score 0.5
  ]
  node
  [
    id 1
    name "Bob"
    age 42
    score 1.25
  ]
  node
  [
    id 2
    name "Chloé"
    age 27
    score 2
  ]
  node
  [
    id 3
    name "Dmitri"
    age 55
    score -3.5
  ]
  node
  [
    id 4
    name "Eve &quot;E&quot;"
    age 38
    score 0.001
  ]
  edge
  [
    source 0
    target 1
    weight 1.5
    kind "friend"
  ]
  edge
  [
    source 1
    target 2
    weight 2
    kind "work"
  ]
  edge
  [
    source 2
    target 0
    weight 3
    kind "friend"
  ]
  edge
  [
    source 3
    target 4
    weight 0.25
    kind "family"
  ]
  edge
  [
    source 0
    target 3
    weight 4
    kind "work"
  ]
  edge
  [
    source 0
    target 1
    weight 1
    kind "friend"
  ]
]
