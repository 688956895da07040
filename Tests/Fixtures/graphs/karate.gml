graph [
  name "Zachary's Karate Club"
  node [
    id 0
    label "0"
    club "Mr. Hi"
  ]
  node [
    id 1
    label "1"
    club "Mr. Hi"
  ]
  node [
    id 2
    label "2"
    club "Mr. Hi"
  ]
  node [
    id 3
    label "3"
    club "Mr. Hi"
  ]
  node [
    id 4
    label "4"
    club "Mr. Hi"
  ]
  node [
    id 5
    label "5"
    club "Mr. Hi"
  ]
  node [
    id 6
    label "6"
    club "Mr. Hi"
  ]
  node [
    id 7
    label "7"
    club "Mr. Hi"
  ]
  node [
    id 8
    label "8"
    club "Mr. Hi"
  ]
  node [
    id 9
    label "9"
    club "Officer"
  ]
  node [
    id 10
    label "10"
    club "Mr. Hi"
  ]
  node [
    id 11
    label "11"
    club "Mr. Hi"
  ]
  node [
    id 12
    label "12"
    club "Mr. Hi"
  ]
  node [
    id 13
    label "13"
    club "Mr. Hi"
  ]
  node [
    id 14
    label "14"
    club "Officer"
  ]
  node [
    id 15
    label "15"
    club "Officer"
  ]
  node [
    id 16
    label "16"
    club "Mr. Hi"
  ]
  node [
    id 17
    label "17"
    club "Mr. Hi"
  ]
  node [
    id 18
    label "18"
    club "Officer"
  ]
  node [
    id 19
    label "19"
    club "Mr. Hi"
  ]
  node [
    id 20
    label "20"
    club "Officer"
  ]
  node [
    id 21
    label "21"
    club "Mr. Hi"
  ]
  node [
    id 22
    label "22"
    club "Officer"
  ]
  node [
    id 23
    label "23"
    club "Officer"
  ]
  node [
    id 24
    label "24"
    club "Officer"
  ]
  node [
    id 25
    label "25"
    club "Officer"
  ]
  node [
    id 26
    label "26"
    club "Officer"
  ]
  node [
    id 27
    label "27"
    club "Officer"
  ]
  node [
    id 28
    label "28"
    club "Officer"
  ]
  node [
    id 29
    label "29"
    club "Officer"
  ]
  node [
    id 30
    label "30"
    club "Officer"
  ]
  node [
    id 31
    label "31"
    club "Officer"
  ]
  node [
    id 32
    label "32"
    club "Officer"
  ]
  node [
    id 33
    label "33"
    club "Officer"
  ]
  edge [
    source 0
    target 1
    weight 4
  ]
  edge [
    source 0
    target 2
    weight 5
  ]
  edge [
    source 0
    target 3
    weight 3
  ]
  edge [
    source 0
    target 4
    weight 3
  ]
  edge [
    source 0
    target 5
    weight 3
  ]
  edge [
    source 0
    target 6
    weight 3
  ]
  edge [
    source 0
    target 7
    weight 2
  ]
  edge [
    source 0
    target 8
    weight 2
  ]
  edge [
    source 0
    target 10
    weight 2
  ]
  edge [
    source 0
    target 11
    weight 3
  ]
  edge [
    source 0
    target 12
    weight 1
  ]
  edge [
    source 0
    target 13
    weight 3
  ]
  edge [
    source 0
    target 17
    weight 2
  ]
  edge [
    source 0
    target 19
    weight 2
  ]
  edge [
    source 0
    target 21
    weight 2
  ]
  edge [
    source 0
    target 31
    weight 2
  ]
  edge [
    source 1
    target 2
    weight 6
  ]
  edge [
    source 1
    target 3
    weight 3
  ]
  edge [
    source 1
    target 7
    weight 4
  ]
  edge [
    source 1
    target 13
    weight 5
  ]
  edge [
    source 1
    target 17
    weight 1
  ]
  edge [
    source 1
    target 19
    weight 2
  ]
  edge [
    source 1
    target 21
    weight 2
  ]
  edge [
    source 1
    target 30
    weight 2
  ]
  edge [
    source 2
    target 3
    weight 3
  ]
  edge [
    source 2
    target 7
    weight 4
  ]
  edge [
    source 2
    target 8
    weight 5
  ]
  edge [
    source 2
    target 9
    weight 1
  ]
  edge [
    source 2
    target 13
    weight 3
  ]
  edge [
    source 2
    target 27
    weight 2
  ]
  edge [
    source 2
    target 28
    weight 2
  ]
  edge [
    source 2
    target 32
    weight 2
  ]
  edge [
    source 3
    target 7
    weight 3
  ]
  edge [
    source 3
    target 12
    weight 3
  ]
  edge [
    source 3
    target 13
    weight 3
  ]
  edge [
    source 4
    target 6
    weight 2
  ]
  edge [
    source 4
    target 10
    weight 3
  ]
  edge [
    source 5
    target 6
    weight 5
  ]
  edge [
    source 5
    target 10
    weight 3
  ]
  edge [
    source 5
    target 16
    weight 3
  ]
  edge [
    source 6
    target 16
    weight 3
  ]
  edge [
    source 8
    target 30
    weight 3
  ]
  edge [
    source 8
    target 32
    weight 3
  ]
  edge [
    source 8
    target 33
    weight 4
  ]
  edge [
    source 9
    target 33
    weight 2
  ]
  edge [
    source 13
    target 33
    weight 3
  ]
  edge [
    source 14
    target 32
    weight 3
  ]
  edge [
    source 14
    target 33
    weight 2
  ]
  edge [
    source 15
    target 32
    weight 3
  ]
  edge [
    source 15
    target 33
    weight 4
  ]
  edge [
    source 18
    target 32
    weight 1
  ]
  edge [
    source 18
    target 33
    weight 2
  ]
  edge [
    source 19
    target 33
    weight 1
  ]
  edge [
    source 20
    target 32
    weight 3
  ]
  edge [
    source 20
    target 33
    weight 1
  ]
  edge [
    source 22
    target 32
    weight 2
  ]
  edge [
    source 22
    target 33
    weight 3
  ]
  edge [
    source 23
    target 25
    weight 5
  ]
  edge [
    source 23
    target 27
    weight 4
  ]
  edge [
    source 23
    target 29
    weight 3
  ]
  edge [
    source 23
    target 32
    weight 5
  ]
  edge [
    source 23
    target 33
    weight 4
  ]
  edge [
    source 24
    target 25
    weight 2
  ]
  edge [
    source 24
    target 27
    weight 3
  ]
  edge [
    source 24
    target 31
    weight 2
  ]
  edge [
    source 25
    target 31
    weight 7
  ]
  edge [
    source 26
    target 29
    weight 4
  ]
  edge [
    source 26
    target 33
    weight 2
  ]
  edge [
    source 27
    target 33
    weight 4
  ]
  edge [
    source 28
    target 31
    weight 2
  ]
  edge [
    source 28
    target 33
    weight 2
  ]
  edge [
    source 29
    target 32
    weight 4
  ]
  edge [
    source 29
    target 33
    weight 2
  ]
  edge [
    source 30
    target 32
    weight 3
  ]
  edge [
    source 30
    target 33
    weight 3
  ]
  edge [
    source 31
    target 32
    weight 4
  ]
  edge [
    source 31
    target 33
    weight 4
  ]
  edge [
    source 32
    target 33
    weight 5
  ]
]
